import { describe, expect, it } from 'vitest';
import {
  formatCompactEuro,
  formatCountdown,
  formatDateTime,
  formatDay,
  formatEuro,
  formatHourMinute,
  formatLongDate,
  formatNumber,
  formatPercent,
  formatTime,
} from './format';

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

describe('days, times and numbers', () => {
  it('shows a day or an ISO time as its UTC day', () => {
    expect(formatDay('2023-07-03')).toBe('03/07/2023');
    expect(formatDay('2025-07-02T23:59:00.000Z')).toBe('02/07/2025');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('shows numbers and percentages in the Italian format', () => {
    expect(formatNumber(1234.567)).toBe('1234,57');
    expect(formatNumber(12345.6, 0)).toBe('12.346');
    expect(formatPercent(12.345)).toBe('12,35%');
    expect(formatPercent(-0.0048)).toBe('0%');
    expect(formatNumber(-3.5)).toBe('-3,5');
  });

  it('shows a moment with day and time', () => {
    expect(formatDateTime('2025-03-05T14:07:09.000Z')).toMatch(/^\d{2}\/\d{2}\/2025, \d{2}:\d{2}$/);
  });
});

describe('the clock', () => {
  it('writes the time and the date exactly as Intl does for it-IT, every day of a year and every hour', () => {
    const time = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
    const hourMinute = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit' });
    const longDate = new Intl.DateTimeFormat('it-IT', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(2028, 0, 1 + day, day % 24, (day * 7) % 60, (day * 13) % 60);
      expect(formatTime(date)).toBe(time.format(date));
      expect(formatHourMinute(date)).toBe(hourMinute.format(date));
      expect(formatLongDate(date)).toBe(longDate.format(date));
    }
  });
});
