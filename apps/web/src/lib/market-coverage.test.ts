import type { MarketDataSet } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { coverageHint, suggestedPeriod } from './market-coverage';

const set = (overrides: Partial<MarketDataSet>): MarketDataSet => ({
  market: 'GOLD',
  timeframe: '1m',
  rows: 1000,
  first: '2023-07-03T00:00:00.000Z',
  last: '2025-07-02T23:59:00.000Z',
  updatedAt: '2025-07-03T00:00:00.000Z',
  ...overrides,
});

describe('market coverage', () => {
  it('tells the stored spans of the market, by timeframe', () => {
    const sets = [
      set({ timeframe: '1d', first: '2010-01-04T00:00:00.000Z' }),
      set({}),
      set({ market: 'NASDAQ' }),
    ];
    expect(coverageHint(sets, 'GOLD')).toBe(
      'Dati GOLD disponibili: 1d dal 04/01/2010 al 02/07/2025; 1m dal 03/07/2023 al 02/07/2025.',
    );
    expect(coverageHint(sets, 'EURUSD')).toBe('Nessun dato di prezzo caricato per EURUSD.');
    expect(coverageHint([set({ rows: 0, first: null, last: null })], 'GOLD')).toBe(
      'Nessun dato di prezzo caricato per GOLD.',
    );
  });

  it('proposes the last week of minute data, within the product span', () => {
    expect(suggestedPeriod([set({})], 'GOLD')).toEqual({ from: '2025-06-26', to: '2025-07-02' });
    expect(suggestedPeriod([set({ last: '2026-02-27T23:57:00.000Z' })], 'GOLD')).toEqual({
      from: '2025-06-26',
      to: '2025-07-02',
    });
    expect(suggestedPeriod([set({ first: '2025-06-30T00:00:00.000Z' })], 'GOLD')).toEqual({
      from: '2025-06-30',
      to: '2025-07-02',
    });
    expect(
      suggestedPeriod(
        [set({ timeframe: '1d', first: '2010-01-04T00:00:00.000Z', last: '2020-01-10T00:00:00.000Z' })],
        'GOLD',
        3,
      ),
    ).toEqual({
      from: '2020-01-08',
      to: '2020-01-10',
    });
  });

  it('proposes nothing without data in the span', () => {
    expect(suggestedPeriod([], 'GOLD')).toEqual({ from: '', to: '' });
    expect(
      suggestedPeriod([set({ first: '2026-01-01T00:00:00.000Z', last: '2026-02-01T00:00:00.000Z' })], 'GOLD'),
    ).toEqual({
      from: '',
      to: '',
    });
  });
});
