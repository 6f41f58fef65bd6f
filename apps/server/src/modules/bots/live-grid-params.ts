// The grid a live bot trades: its investment's sizes, capital and leverage on its algorithm's
// distances. One place, because the drift alert (modules/alerts) runs the engine on the very grid
// the bot was handed, and a second copy of these rules would let the two disagree.
import type { AlgorithmRow, InvestmentRow } from '@platform/db';
import type { GridParams } from '@platform/engine';

export function liveGridParams(
  investment: Pick<InvestmentRow, 'size' | 'additional' | 'capital' | 'leverage'>,
  algorithm: Pick<AlgorithmRow, 'config'>,
): GridParams {
  return {
    size: investment.size,
    addizionale: investment.additional,
    mediazione: algorithm.config.mediazione,
    target: algorithm.config.target,
    multiplier: algorithm.config.multiplier,
    worst: algorithm.config.worst,
    safeWorst: algorithm.config.safeWorst,
    capital: investment.capital,
    leverage: investment.leverage,
    // engine.md section 6 names no dynamic sizing for a live bot, and a live cycle has no end to close at.
    dynamic: false,
    close: false,
  };
}
