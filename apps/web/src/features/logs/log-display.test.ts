import { describe, expect, it } from 'vitest';
import { formatLogTimestamp, formatMetadata, logUserName } from './log-display';

describe('log display', () => {
  it('names the user by first and last name, or Unknown User', () => {
    expect(
      logUserName({ _id: '1', firstname: 'Ada', lastname: 'Lovelace', username: 'ada@example.com' }),
    ).toBe('Ada Lovelace');
    expect(logUserName(null)).toBe('Unknown User');
    expect(logUserName({ _id: '1', firstname: ' ', lastname: '', username: 'x@example.com' })).toBe(
      'Unknown User',
    );
  });

  it('shows the time as an Italian date and time', () => {
    const iso = '2025-03-05T14:07:09.000Z';
    const local = new Date(iso);
    const pad = (value: number) => String(value).padStart(2, '0');
    expect(formatLogTimestamp(iso)).toBe(
      `${pad(local.getDate())}/${pad(local.getMonth() + 1)}/${local.getFullYear()}, ${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`,
    );
    expect(formatLogTimestamp('yesterday')).toBe('yesterday');
  });

  it('pretty-prints metadata and has nothing to show for none', () => {
    expect(formatMetadata({ method: 'password', attempts: 2 })).toBe(
      '{\n  "method": "password",\n  "attempts": 2\n}',
    );
    expect(formatMetadata(null)).toBeNull();
    expect(formatMetadata({})).toBeNull();
  });
});
