// How a log entry reads on screen: the user's name or 'Unknown User' (a failed login with an
// unknown address has none), the time in Italian, the metadata as indented JSON.
import type { LogEntry } from '@platform/contracts';

export const UNKNOWN_USER = 'Unknown User';

export function logUserName(user: LogEntry['user']): string {
  const name = user ? `${user.firstname} ${user.lastname}`.trim() : '';
  return name || UNKNOWN_USER;
}

const dateTimeFormat = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** e.g. 05/03/2025, 14:07:09 in the browser's time zone; an unreadable value is shown as it came. */
export function formatLogTimestamp(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTimeFormat.format(time);
}

/** null when there is nothing to show. */
export function formatMetadata(metadata: LogEntry['metadata']): string | null {
  if (!metadata || Object.keys(metadata).length === 0) return null;
  return JSON.stringify(metadata, null, 2);
}
