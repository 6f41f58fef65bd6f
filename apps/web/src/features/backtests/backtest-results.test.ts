import { backtestResultSchema, type BacktestResult } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import {
  annualReturn,
  atLeverage,
  currentRisk,
  formatAnnualReturn,
  highlights,
  overflowNote,
  overflowSummary,
  rankedPeriod,
  withinRisk,
  YEAR_MS,
} from './backtest-results';

const row = (profit: number, requirement: number, interest = profit / 100): BacktestResult => ({
  profit,
  interest,
  requirement,
  trades: 1,
  stops: 0,
  maxDrawdown: 0,
  openPnl: 0,
  size: 0.1,
  addizionale: 0.05,
  mediazione: 30,
  target: 50,
  multiplier: 1,
  overflow: false,
  overflowAt: null,
  requirement20: requirement * 2,
  requirement200: requirement / 2,
  timeUnderWaterDays: 3,
  heldBack: null,
});

describe('the period the rows were ranked on', () => {
  it('ends the day before the held-back part, or is the whole period', () => {
    const period = { from: '2025-06-23', to: '2025-06-27' };
    expect(rankedPeriod({ ...period, heldBackFrom: null })).toEqual(period);
    expect(rankedPeriod({ ...period, heldBackFrom: '2025-06-26T00:00:00.000Z' })).toEqual({
      from: '2025-06-23',
      to: '2025-06-25',
    });
  });
});

describe('risk filtering', () => {
  it('keeps the rows whose requirement is at or below the risk score', () => {
    const rows = [row(1, 5), row(2, 10), row(3, 10.01), row(4, 45)];
    expect(withinRisk(rows, 10).map((r) => r.profit)).toEqual([1, 2]);
    expect(withinRisk(rows, 50).map((r) => r.profit)).toEqual([1, 2, 3, 4]);
  });

  it('shows 90 until the results arrive, then 10, then what the user chose', () => {
    expect(currentRisk(null, false)).toBe(90);
    expect(currentRisk(null, true)).toBe(10);
    expect(currentRisk(40, true)).toBe(40);
  });
});

describe('risk at either leverage', () => {
  it('reads the requirement at 1:20 or 1:200 when asked, the backtest’s own otherwise', () => {
    const rows = [row(1, 8), row(2, 30), { ...row(3, 12), requirement20: null, requirement200: null }];
    expect(withinRisk(atLeverage(rows, 'own'), 10).map((r) => r.profit)).toEqual([1]);
    expect(withinRisk(atLeverage(rows, 200), 15).map((r) => r.profit)).toEqual([1, 2, 3]);
    expect(withinRisk(atLeverage(rows, 20), 20).map((r) => r.profit)).toEqual([1, 3]);
    expect(atLeverage(rows, 'own')).toBe(rows);
  });
});

describe('highlight cards', () => {
  const rows = [row(500, 35), row(900, 42), row(700, 29.5), row(650, 30), row(1200, 60), row(300, 2, 3)];

  it('finds the highest profit within the risk', () => {
    expect(highlights(rows, 40).highestProfit?.profit).toBe(700);
    expect(highlights(rows, 90).highestProfit?.profit).toBe(1200);
  });

  it('finds the highest profit with requirement from risk − 10 up to below risk', () => {
    // 30 <= requirement < 40: 35 and 30; 29.5 is below the band.
    expect(highlights(rows, 40).highestProfitInBand?.profit).toBe(650);
    expect(highlights(rows, 50).highestProfitInBand?.profit).toBe(900);
    // The row with requirement equal to the risk is allowed but is not in the band.
    expect(highlights(rows, 60).highestProfit?.profit).toBe(1200);
    expect(highlights(rows, 60).highestProfitInBand).toBeUndefined();
  });

  it('finds the best interest per requirement and skips a zero requirement', () => {
    expect(highlights([...rows, row(10, 0, 1)], 40).bestRatio?.requirement).toBe(2);
  });

  it('leaves out runs that stopped at the edge of the exact range, whatever their figures', () => {
    const stopped = { ...row(5e15, 20), overflow: true, overflowAt: Date.UTC(2024, 2, 5, 14, 7) };
    const result = highlights([...rows, stopped, { ...row(9e9, 1, 9e9), overflow: true, overflowAt: 0 }], 40);
    expect(result.highestProfit?.profit).toBe(700);
    expect(result.highestProfitInBand?.profit).toBe(650);
    expect(result.bestRatio?.requirement).toBe(2);
    expect(highlights([stopped], 90)).toEqual({
      highestProfit: undefined,
      highestProfitInBand: undefined,
      bestRatio: undefined,
    });
  });

  it('keeps the first of equal rows and has nothing to show without rows', () => {
    const tie = [row(100, 15), { ...row(100, 18), size: 0.2 }];
    expect(highlights(tie, 20).highestProfit?.size).toBe(0.1);
    expect(highlights([], 50)).toEqual({
      highestProfit: undefined,
      highestProfitInBand: undefined,
      bestRatio: undefined,
    });
    expect(highlights(rows, 20).highestProfitInBand).toBeUndefined();
  });
});

describe('annual return', () => {
  it('compounds the period gain to a year of 365.25 days', () => {
    // 2024 is 366 days: from 1 Jan to the end of 31 Dec.
    const oneYear = annualReturn(10_000, 1_000, '2024-01-01', '2024-12-31');
    expect(oneYear).toBeCloseTo(1.1 ** (YEAR_MS / (366 * 86_400_000)) - 1, 12);
    expect(oneYear).toBeCloseTo(0.09974, 4);
  });

  it('annualises a short period', () => {
    // One week with 1% gain: 1.01^(365.25 / 7) − 1.
    expect(annualReturn(10_000, 100, '2025-06-26', '2025-07-02')).toBeCloseTo(1.01 ** (365.25 / 7) - 1, 10);
    expect(annualReturn(10_000, 0, '2025-06-26', '2025-07-02')).toBe(0);
  });

  it('is −100% when the capital is gone and undefined for impossible inputs', () => {
    expect(annualReturn(1_000, -1_500, '2025-01-01', '2025-01-31')).toBe(-1);
    expect(annualReturn(0, 10, '2025-01-01', '2025-01-31')).toBeUndefined();
    expect(annualReturn(1_000, 10, '2025-02-01', '2025-01-01')).toBeUndefined();
  });
});

describe('annual return display', () => {
  it('shows a percent, and only a bound when a short period annualises beyond use', () => {
    expect(formatAnnualReturn(0.09974)).toBe('9,97%');
    expect(formatAnnualReturn(-1)).toBe('-100%');
    expect(formatAnnualReturn(100)).toBe('10.000%');
    expect(formatAnnualReturn(405_650_273_941)).toBe('> 10.000%');
    expect(formatAnnualReturn(undefined)).toBe('—');
  });
});

describe('rows that left the exact range', () => {
  it('say when they stopped; the others say nothing', () => {
    const time = Date.UTC(2024, 2, 5, 14, 7);
    const note = overflowNote({ ...row(100, 10), overflow: true, overflowAt: time });
    expect(note).toMatch(/^Interrotto il .+: lotti o importi oltre la precisione del motore\./);
    expect(note).toContain(new Intl.DateTimeFormat('it-IT', { year: 'numeric' }).format(time));
    expect(overflowNote(row(100, 10))).toBeUndefined();
  });

  it('are counted in the note, which says whether the table shows them at the chosen risk', () => {
    const stopped = (requirement: number) => ({ ...row(100, requirement), overflow: true, overflowAt: 0 });
    expect(overflowSummary([row(100, 10), row(50, 20)], 90)).toBeUndefined();
    expect(overflowSummary([row(100, 10), stopped(4_225)], 90)).toBe(
      '1 combinazione ha raggiunto lotti o importi oltre la precisione del motore: si è interrotta in quel momento e resta fuori dai riquadri. Il suo requirement supera il rischio scelto.',
    );
    const rows = [stopped(5), stopped(30), stopped(4_225)];
    expect(overflowSummary(rows, 10)).toMatch(
      /^3 combinazioni hanno raggiunto .+ restano fuori dai riquadri\. In tabella è segnata con «Interrotto» la sola entro il rischio scelto\.$/,
    );
    expect(overflowSummary(rows, 30)).toMatch(
      /\. In tabella sono segnate con «Interrotto» le 2 entro il rischio scelto\.$/,
    );
    expect(overflowSummary(rows.slice(0, 2), 30)).toMatch(/\. In tabella sono segnate con «Interrotto»\.$/);
    expect(overflowSummary([stopped(5)], 10)).toMatch(
      /^1 combinazione .+\. In tabella è segnata con «Interrotto»\.$/,
    );
  });

  it('read as not flagged when stored before the flag existed', () => {
    const { overflow: _overflow, overflowAt: _overflowAt, ...stored } = row(100, 10);
    expect(backtestResultSchema.parse(stored)).toMatchObject({ overflow: false, overflowAt: null });
  });
});
