import { describe, expect, it } from 'vitest';
import { formatDuration } from './equity-curve-figures';

describe('a duration under water', () => {
  it('is written in days and hours, hours and minutes, or minutes', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(59 * 60_000)).toBe('59 min');
    expect(formatDuration(61 * 60_000)).toBe('1 h 1 min');
    expect(formatDuration(24 * 3_600_000)).toBe('1 g');
    expect(formatDuration((24 * 40 + 5) * 3_600_000 + 59_000)).toBe('40 g 5 h');
  });
});
