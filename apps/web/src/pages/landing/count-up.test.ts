import { describe, expect, it } from 'vitest';
import { countUpDuration, countUpValue, easeOutCubic, formatUsd } from './count-up';

describe('count-up', () => {
  it('gives each card 300 ms more than the one before, from 2000 ms', () => {
    expect([0, 1, 2].map(countUpDuration)).toEqual([2000, 2300, 2600]);
  });

  it('eases out: starts at 0, ends at 1, is past the middle halfway through', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(0.5)).toBeCloseTo(0.875);
    expect(easeOutCubic(-1)).toBe(0);
    expect(easeOutCubic(2)).toBe(1);
  });

  it('counts from zero to exactly the target, never past it', () => {
    expect(countUpValue(72_569_281, 0, 2000)).toBe(0);
    expect(countUpValue(72_569_281, 1000, 2000)).toBe(Math.round(72_569_281 * 0.875));
    expect(countUpValue(72_569_281, 2000, 2000)).toBe(72_569_281);
    expect(countUpValue(72_569_281, 5000, 2000)).toBe(72_569_281);
    expect(countUpValue(507_963_967, 10, 0)).toBe(507_963_967);
  });

  it('shows USD without decimals, grouped in thousands', () => {
    expect(formatUsd(72_569_281)).toBe('72,569,281 USD');
    expect(formatUsd(2_176_228_430)).toBe('2,176,228,430 USD');
    expect(formatUsd(0)).toBe('0 USD');
    expect(formatUsd(1234.6)).toBe('1,235 USD');
  });

  it('groups every figure the count-up passes as Intl en-US does', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const value of [7, 99, 999, 1_000, 12_345, 999_999, 1_000_000, 507_963_967, 9_007_199_254_740_991]) {
      expect(formatUsd(value)).toBe(`${intl.format(value)} USD`);
    }
  });
});
