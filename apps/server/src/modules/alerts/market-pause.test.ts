import { describe, expect, it } from 'vitest';
import { pauseDueAt, pauseIsOverdue, pauseLength } from './market-pause';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
describe('pauseDueAt', () => {
  const since = Date.UTC(2026, 10, 27, 21, 5);

  it('is half an hour past the reopening the calendar gives', () => {
    const reopensAt = Date.UTC(2026, 10, 29, 22, 0);
    expect(pauseDueAt({ since, reopensAt })).toBe(reopensAt + 30 * MINUTE);
    // A weekend's closure is explained for its whole length.
    expect(pauseIsOverdue({ since, reopensAt }, since + 40 * HOUR)).toBe(false);
    expect(pauseIsOverdue({ since, reopensAt }, reopensAt + 29 * MINUTE)).toBe(false);
    expect(pauseIsOverdue({ since, reopensAt }, reopensAt + 30 * MINUTE)).toBe(true);
  });

  it('is two hours after the start of a pause the calendar does not explain', () => {
    expect(pauseDueAt({ since, reopensAt: null })).toBe(since + 2 * HOUR);
    expect(pauseDueAt({ since, reopensAt: since - HOUR })).toBe(since + 2 * HOUR);
    expect(pauseIsOverdue({ since, reopensAt: null }, since + HOUR)).toBe(false);
  });
});

describe('pauseLength', () => {
  it('says a length in Italian', () => {
    expect(pauseLength(0)).toBe('0 minuti');
    expect(pauseLength(MINUTE)).toBe('1 minuto');
    expect(pauseLength(2 * HOUR + 5 * MINUTE)).toBe('2 ore e 5 minuti');
    expect(pauseLength(HOUR)).toBe('1 ora');
    expect(pauseLength(49 * HOUR + 30 * MINUTE)).toBe('2 giorni, 1 ora e 30 minuti');
  });
});
