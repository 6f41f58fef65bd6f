import { describe, expect, it } from 'vitest';
import { formatCountdown } from './format';

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
