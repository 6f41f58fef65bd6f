// What the results screen derives from a backtest's rows (product-spec.md section 2, engine.md
// section 5): the rows within the chosen risk, the three highlight cards and the annual return.
import type { Backtest, BacktestResult } from '@platform/contracts';
import { formatDateTime, formatPercent } from '../../lib/format';

export const RISK_MIN = 10;
export const RISK_MAX = 90;
export const RISK_STEP = 10;
/** The slider's value until the results arrive; once they do it drops to RISK_ON_OPEN. */
export const RISK_DEFAULT = 90;
export const RISK_ON_OPEN = 10;

/** engine.md section 5: a Julian year of 365.25 days. */
export const YEAR_MS = 31_557_600_000;
const DAY_MS = 86_400_000;

/** The slider's value: the user's choice, else 10 once the results are there, else the default. */
export const currentRisk = (chosen: number | null, resultsLoaded: boolean) =>
  chosen ?? (resultsLoaded ? RISK_ON_OPEN : RISK_DEFAULT);

/**
 * The leverage the risk score is read at (issue 36): the backtest's own, or one of the two the
 * platform offers, 1:20 and 1:200, which every row reports its requirement at.
 */
export type RiskLeverage = 'own' | 20 | 200;

/**
 * The rows with their requirement at the chosen leverage, so that the slider, the table and the
 * highlight cards all read it there. A row stored before the two leverages were reported keeps its
 * own.
 */
export function atLeverage(
  rows: readonly BacktestResult[],
  leverage: RiskLeverage,
): readonly BacktestResult[] {
  if (leverage === 'own') return rows;
  return rows.map((row) => {
    const requirement = leverage === 20 ? row.requirement20 : row.requirement200;
    return requirement === null ? row : { ...row, requirement };
  });
}

/** The rows a risk score allows: requirement (a percent of capital) at or below it. */
export const withinRisk = (rows: readonly BacktestResult[], risk: number) =>
  rows.filter((row) => row.requirement <= risk);

export interface Highlights {
  /** The highest profit among the allowed rows (never a run flagged overflow). */
  highestProfit: BacktestResult | undefined;
  /** The highest profit with requirement from risk − 10 up to, not including, risk. */
  highestProfitInBand: BacktestResult | undefined;
  /** The best interest per point of requirement among the allowed rows. */
  bestRatio: BacktestResult | undefined;
}

export function highlights(rows: readonly BacktestResult[], risk: number): Highlights {
  // A run that left the engine's exact range stopped early: its figures are not the period's.
  const allowed = withinRisk(rows, risk).filter((row) => !row.overflow);
  const band = allowed.filter((row) => row.requirement >= risk - RISK_STEP && row.requirement < risk);
  // A zero requirement has no ratio (the grid needs no margin only when it trades nothing).
  const withRequirement = allowed.filter((row) => row.requirement > 0);
  return {
    highestProfit: best(allowed, (row) => row.profit),
    highestProfitInBand: best(band, (row) => row.profit),
    bestRatio: best(withRequirement, (row) => row.interest / row.requirement),
  };
}

/**
 * What a row flagged overflow means, for its mark in the table: when the run stopped and why. Its
 * figures are real, but only up to then. Undefined for a row that ran the whole period.
 */
export function overflowNote(row: BacktestResult): string | undefined {
  if (!row.overflow) return undefined;
  const when = row.overflowAt === null ? '' : ` il ${formatDateTime(new Date(row.overflowAt).toISOString())}`;
  return `Interrotto${when}: lotti o importi oltre la precisione del motore. Le cifre arrivano fino a quel momento.`;
}

/**
 * The note above the results when runs stopped at the engine's exact range: how many, and whether
 * the table shows them at this risk. Their requirement is usually above every risk the slider
 * offers: at 1:200 and a billion euros, the most a backtest takes, a run's first lots leave the
 * range only past a requirement of about 400% on GOLD and EURUSD, 40% on NASDAQ. Undefined when
 * none stopped.
 */
export function overflowSummary(rows: readonly BacktestResult[], risk: number): string | undefined {
  const stopped = rows.filter((row) => row.overflow);
  if (stopped.length === 0) return undefined;
  const shown = withinRisk(stopped, risk).length;
  const word =
    stopped.length === 1
      ? {
          runs: '1 combinazione ha',
          stop: 'si è interrotta',
          stay: 'resta',
          their: 'Il suo',
          marked: 'è segnata',
        }
      : {
          runs: `${stopped.length} combinazioni hanno`,
          stop: 'si sono interrotte',
          stay: 'restano',
          their: 'Il loro',
          marked: 'sono segnate',
        };
  const what = `${word.runs} raggiunto lotti o importi oltre la precisione del motore: ${word.stop} in quel momento e ${word.stay} fuori dai riquadri.`;
  if (shown === 0) return `${what} ${word.their} requirement supera il rischio scelto.`;
  if (shown === stopped.length) return `${what} In tabella ${word.marked} con «Interrotto».`;
  const which =
    shown === 1 ? 'è segnata con «Interrotto» la sola' : `sono segnate con «Interrotto» le ${shown}`;
  return `${what} In tabella ${which} entro il rischio scelto.`;
}

/** The first row with the largest score: rows come in the grid's order, so ties keep it. */
function best(
  rows: readonly BacktestResult[],
  score: (row: BacktestResult) => number,
): BacktestResult | undefined {
  let winner: BacktestResult | undefined;
  let top = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    const value = score(row);
    if (value > top) {
      top = value;
      winner = row;
    }
  }
  return winner;
}

/**
 * ((C + profit) / C)^(year / (to − from)) − 1, as a fraction (0.12 = 12%). The period runs from
 * the start of `from` to the end of `to`, the bars the backtest walked, so a one-day backtest
 * spans a day instead of none. A loss of the whole capital is −100%; undefined when the inputs
 * make no sense (no capital, a period that ends before it starts).
 */
export function annualReturn(capital: number, profit: number, from: string, to: string): number | undefined {
  const span = Date.parse(`${to}T00:00:00Z`) + DAY_MS - Date.parse(`${from}T00:00:00Z`);
  if (!(capital > 0) || !(span > 0)) return undefined;
  const growth = (capital + profit) / capital;
  if (growth <= 0) return -1;
  return growth ** (YEAR_MS / span) - 1;
}

/**
 * The days the rows were computed on: the whole period, or up to the day before the held-back part
 * (out of sample), which starts at the start of a day.
 */
export function rankedPeriod(backtest: Pick<Backtest, 'from' | 'to' | 'heldBackFrom'>): {
  from: string;
  to: string;
} {
  if (backtest.heldBackFrom === null) return { from: backtest.from, to: backtest.to };
  const lastDay = new Date(Date.parse(backtest.heldBackFrom) - DAY_MS).toISOString().slice(0, 10);
  return { from: backtest.from, to: lastDay };
}

/** Beyond this an annualised short period says nothing a reader can use, only that it is huge. */
const ANNUAL_RETURN_SHOWN_UP_TO = 100;

/** The annual return as a percent: '—' when unknown, '> 10.000%' past the useful range. */
export function formatAnnualReturn(fraction: number | undefined): string {
  if (fraction === undefined || Number.isNaN(fraction)) return '—';
  if (fraction > ANNUAL_RETURN_SHOWN_UP_TO) return `> ${formatPercent(ANNUAL_RETURN_SHOWN_UP_TO * 100)}`;
  return formatPercent(fraction * 100);
}
