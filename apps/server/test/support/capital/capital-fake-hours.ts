// When a fake market is open: its opening hours (instrument.openingHours, spec/capital-api.md
// section 4) read on the fake's business clock, and how a status forced by the test combines with
// them.
import type { FakeMarket, FakeOpeningHours, Weekday } from './capital-fake-shapes';

const WEEKDAYS_FROM_SUNDAY: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const DAY_MS = 86_400_000;

/**
 * The status the market shows at `now`. A status other than TRADEABLE was forced (OFFLINE,
 * SUSPENDED, CLOSED…) and holds whatever the hours say; TRADEABLE on a market with hours means
 * "open when the hours say so", CLOSED outside them. Setting TRADEABLE again hands the market back
 * to its hours; dropping the hours keeps it open around the clock.
 */
export function marketStatusAt(market: FakeMarket, now: number): string {
  if (market.marketStatus !== 'TRADEABLE' || !market.openingHours) return market.marketStatus;
  return isWithinOpeningHours(market.openingHours, now) ? 'TRADEABLE' : 'CLOSED';
}

export function isWithinOpeningHours(hours: FakeOpeningHours, now: number): boolean {
  if (hours.zone !== 'UTC')
    throw new Error(`fake: opening hours in ${String(hours.zone)}, only UTC is modelled`);
  const weekday = WEEKDAYS_FROM_SUNDAY[new Date(now).getUTCDay()] ?? 'sun';
  const minuteOfDay = (((now % DAY_MS) + DAY_MS) % DAY_MS) / 60_000;
  return hours[weekday].some((span) => {
    const { start, end } = parseSpan(span);
    return start <= minuteOfDay && minuteOfDay < end;
  });
}

/**
 * 'HH:MM - HH:MM', the start included and the end not. An end at or before the start runs to
 * midnight: Capital.com writes a session that ends the day as '22:00 - 00:00'.
 */
function parseSpan(span: string): { start: number; end: number } {
  const match = /^(\d{2}):(\d{2}) - (\d{2}):(\d{2})$/.exec(span.trim());
  if (!match) throw new Error(`fake: opening hours span '${span}' is not 'HH:MM - HH:MM'`);
  const [startHours = 0, startMinutes = 0, endHours = 0, endMinutes = 0] = match.slice(1).map(Number);
  const start = startHours * 60 + startMinutes;
  const end = endHours * 60 + endMinutes;
  return { start, end: end <= start ? 24 * 60 : end };
}
