import { describe, expect, it } from 'vitest';
import { formatCompactEuro, formatCountdown, formatEuro } from './format';

describe('formatCountdown', () => {
  it('shows minutes and seconds, rounding partial seconds up', () => {
    expect(formatCountdown(180_000)).toBe('03:00');
    expect(formatCountdown(179_001)).toBe('03:00');
    expect(formatCountdown(179_000)).toBe('02:59');
    expect(formatCountdown(5_000)).toBe('00:05');
  });

  it('never goes below zero', () => {
    expect(formatCountdown(-2_000)).toBe('00:00');
  });
});

describe('euro amounts', () => {
  it('formats in the Italian locale', () => {
    expect(formatEuro(10500)).toMatch(/^10\.500,00\s€$/);
    expect(formatEuro(-42.5)).toMatch(/^-42,50\s€$/);
  });

  it('shortens with K, M and B', () => {
    expect(formatCompactEuro(950)).toMatch(/^950\s?€$/);
    expect(formatCompactEuro(1500)).toBe('1,5K €');
    expect(formatCompactEuro(2_000_000)).toBe('2M €');
    expect(formatCompactEuro(3_250_000_000)).toBe('3,3B €');
  });
});
