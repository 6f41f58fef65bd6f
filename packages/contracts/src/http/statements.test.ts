import { describe, expect, it } from 'vitest';
import { urlOf } from './endpoint';
import { monthSchema, previousMonth, STATEMENTS_API } from './statements';

describe('statements', () => {
  it('takes the previous month in UTC, across a year', () => {
    expect(previousMonth(new Date('2026-01-01T00:30:00Z'))).toBe('2025-12');
    expect(previousMonth(new Date('2026-03-31T23:59:59Z'))).toBe('2026-02');
  });

  it('accepts a month as YYYY-MM only', () => {
    for (const month of ['2025-10', '2000-01', '2026-12'])
      expect(monthSchema.safeParse(month).success, month).toBe(true);
    for (const month of ['2025-13', '2025-00', '2025-1', '25-10', 'ottobre', '1999-12', ''])
      expect(monthSchema.safeParse(month).success, month).toBe(false);
  });

  it('builds the paths the server registers', () => {
    expect(urlOf(STATEMENTS_API.statementPdf, { id: 'abc' }, { month: '2025-10' })).toBe(
      '/api/common/investments/abc/statement.pdf?month=2025-10',
    );
    expect(urlOf(STATEMENTS_API.resultsCsv, { id: 'abc' })).toBe('/api/common/backtest/abc/results.csv');
  });
});
