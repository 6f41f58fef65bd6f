// The cycle a live bot holds at its broker, and the one transaction it becomes once closed. The
// money is the engine's where the broker dealt exactly as decided (the paper book: live equals the
// backtest to the last digit), the broker's own levels and sizes otherwise (a real market's fills).
import type { ExitDecision } from '@platform/engine';
import type { BrokerExit } from '../brokers/broker';
import type { ClosedCycleRecord, OrderRecord } from '../protocol/hub-protocol';

export interface HeldPosition {
  dealId: string;
  /** The grid level it filled (0: the cycle's first entry). */
  level: number;
  lots: number;
  /** The broker's fill and the one the decision expected (they differ only with a real market's slippage). */
  fill: number;
  expectedFill: number;
  /** The take profit the broker holds with it; undefined when not known (after a restart). */
  profitLevel?: number | null;
}

export interface LiveCycle {
  id: string;
  referencePrice: number;
  scale: number;
  openedAt: number;
  positions: HeldPosition[];
}

/** The next level, resting at the broker as a working order. */
export interface RestingOrder {
  record: OrderRecord;
  workingOrderId: string;
}

/** What a closed cycle is booked with besides its positions and exits. */
export interface ClosingTerms {
  closeId: string;
  reason: ClosedCycleRecord['reason'];
  closedAt: number;
  /** Milli-points per price unit: the decided bid is compared where prices are whole numbers. */
  perUnit: number;
  contractSize: number;
  /** EUR per USD on the day whose rate applies (engine.md section 1). */
  fxRate: number;
}

/**
 * The closed cycle as one transaction, from the exit levels the broker gave its positions (in
 * their order). The decided result is what a paper bot books (the engine's exact money); the
 * broker's levels add or take what they differ by.
 */
export function bookClosedCycle(
  cycle: LiveCycle,
  exits: readonly Pick<BrokerExit, 'level'>[],
  decision: Pick<ExitDecision, 'bid' | 'quantity' | 'eur'> | null,
  terms: ClosingTerms,
): ClosedCycleRecord {
  const lots = cycle.positions.reduce((sum, position) => sum + position.lots, 0);
  const exitLevel = (index: number) => (exits[index] as Pick<BrokerExit, 'level'>).level;
  const asDecided =
    decision !== null &&
    Math.round(lots * 100) === decision.quantity &&
    cycle.positions.every(
      (position, index) =>
        position.fill === position.expectedFill && exitLevel(index) === decision.bid / terms.perUnit,
    );
  const usd = cycle.positions.reduce(
    (sum, position, index) => sum + position.lots * (exitLevel(index) - position.fill),
    0,
  );
  const exitValue = cycle.positions.reduce(
    (sum, position, index) => sum + position.lots * exitLevel(index),
    0,
  );
  const entryValue = cycle.positions.reduce((sum, position) => sum + position.lots * position.fill, 0);
  return {
    closeId: terms.closeId,
    cycleId: cycle.id,
    lots: Math.round(lots * 100) / 100,
    entryPrice: lots > 0 ? entryValue / lots : 0,
    exitPrice: lots > 0 ? exitValue / lots : 0,
    openedAt: cycle.openedAt,
    closedAt: terms.closedAt,
    reason: terms.reason,
    profitLoss: asDecided ? decision.eur : (usd * terms.contractSize) / terms.fxRate,
  };
}
