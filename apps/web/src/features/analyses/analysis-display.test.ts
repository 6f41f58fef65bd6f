import { describe, expect, it } from 'vitest';
import { formatDuration, formatPoints, newestFirst } from './analysis-display';

describe('analysis figures', () => {
  it('rounds points by their size', () => {
    expect(formatPoints(1234.56)).toBe('1235 pt');
    expect(formatPoints(245.4)).toBe('245 pt');
    expect(formatPoints(45.27)).toBe('45,3 pt');
    expect(formatPoints(2.345)).toBe('2,35 pt');
    expect(formatPoints(0)).toBe('0 pt');
  });

  it('says N/A for a figure that is missing', () => {
    expect(formatPoints(null)).toBe('N/A');
    expect(formatPoints(undefined)).toBe('N/A');
    expect(formatDuration(null)).toBe('N/A');
  });

  it('shows durations in minutes, hours and days', () => {
    expect(formatDuration(0.3)).toBe('< 1 min');
    expect(formatDuration(45.4)).toBe('45 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(200)).toBe('3 h 20 min');
    expect(formatDuration(1440)).toBe('1 g');
    expect(formatDuration(3180)).toBe('2 g 5 h');
  });

  it('orders by creation time, newest first', () => {
    const rows = [
      { createdAt: '2025-01-01T10:00:00Z' },
      { createdAt: '2025-03-01T10:00:00Z' },
      { createdAt: '2025-02-01T10:00:00Z' },
    ];
    expect(newestFirst(rows).map((row) => row.createdAt.slice(0, 7))).toEqual([
      '2025-03',
      '2025-02',
      '2025-01',
    ]);
  });
});
