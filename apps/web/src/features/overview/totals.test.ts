import { describe, expect, it } from 'vitest';
import { portfolioTotals, profitOrLoss } from './totals';

const investment = (capital: number, leverage: number, isRunning = 1) => ({
  capital,
  isRunning,
  parameters: { leverage, size: 1, additional: 0.5, maxcontracts: 10 },
});

describe('portfolio totals', () => {
  it('sums capital, capital times leverage, and the transactions profit/loss', () => {
    const totals = portfolioTotals(
      [investment(1000, 10), investment(2500.5, 2, 0)],
      [{ profitLoss: 12.5 }, { profitLoss: -20 }],
    );
    expect(totals).toEqual({ capital: 3500.5, notional: 15001, profitLoss: -7.5 });
  });

  it('leaves out investments whose deletion was requested', () => {
    expect(portfolioTotals([investment(1000, 10), investment(9000, 20, 3)], [])).toEqual({
      capital: 1000,
      notional: 10000,
      profitLoss: 0,
    });
  });

  it('is zero for nothing at all', () => {
    expect(portfolioTotals([], [])).toEqual({ capital: 0, notional: 0, profitLoss: 0 });
  });
});

describe('profit or loss', () => {
  it('calls zero and above a profit, below zero a loss', () => {
    expect(profitOrLoss(0)).toBe('profit');
    expect(profitOrLoss(0.01)).toBe('profit');
    expect(profitOrLoss(-0.01)).toBe('loss');
  });
});
