// When a paused bot is worth an alert. A bot waiting for a closed Capital.com market says when
// its calendar (the instrument's opening hours) opens it again (MarketClosure.reopensAt, sent with
// the pause's reason). That reopening, with a grace, is when the pause stops being explained; a
// pause without one (a broker that does not answer, a market closed when its hours do not tell) is
// explained for a fixed while from its start.
import { MARKET_PAUSE_GRACE_MS } from '@platform/contracts';

export interface PauseFacts {
  /** When the bot began to wait (ms). */
  since: number;
  /** When the market's calendar says it opens again (ms), or null when it does not say. */
  reopensAt: number | null;
}

/** The reopening that explains the pause, or null (none known, or one already past when it began). */
export const calendarReopening = (pause: PauseFacts): number | null =>
  pause.reopensAt !== null && pause.reopensAt > pause.since ? pause.reopensAt : null;

/** The moment the pause outlasts what its calendar explains. */
export function pauseDueAt(pause: PauseFacts): number {
  const reopening = calendarReopening(pause);
  return reopening !== null
    ? reopening + MARKET_PAUSE_GRACE_MS.pastReopening
    : pause.since + MARKET_PAUSE_GRACE_MS.unexplained;
}

export const pauseIsOverdue = (pause: PauseFacts, now: number): boolean => now >= pauseDueAt(pause);

/** "2 ore e 5 minuti": how long a pause has lasted, as the alert says it. */
export function pauseLength(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1_440);
  const hours = Math.floor((minutes % 1_440) / 60);
  const rest = minutes % 60;
  const parts = [
    days > 0 ? `${days} ${days === 1 ? 'giorno' : 'giorni'}` : null,
    hours > 0 ? `${hours} ${hours === 1 ? 'ora' : 'ore'}` : null,
    rest > 0 || (days === 0 && hours === 0) ? `${rest} ${rest === 1 ? 'minuto' : 'minuti'}` : null,
  ].filter((part) => part !== null);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}` : (parts[0] ?? '');
}
