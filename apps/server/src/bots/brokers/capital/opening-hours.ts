// A market's opening hours as Capital.com lists them (instrument.openingHours: per weekday a list
// of "HH:MM - HH:MM" ranges, and their zone), read only to tell a customer when a closed market
// should open again. Zones other than UTC are not read: their offsets change with daylight saving,
// and a wrong hint is worse than none.
import type { OpeningHours } from './capital-schemas';

const DAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const DAY_MS = 86_400_000;
const RANGE = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/;

/** When the next range after `now` begins (ms), or null when the hours cannot tell. */
export function nextOpening(hours: OpeningHours, now: number): number | null {
  if (hours.zone !== undefined && hours.zone.toUpperCase() !== 'UTC') return null;
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  for (let day = 0; day <= 7; day++) {
    const midnight = today + day * DAY_MS;
    const ranges = hours[DAY_KEYS[new Date(midnight).getUTCDay()] as string];
    for (const range of Array.isArray(ranges) ? ranges : []) {
      const match = RANGE.exec(range.trim());
      if (!match) continue;
      const start = midnight + (Number(match[1]) * 60 + Number(match[2])) * 60_000;
      // A range that starts at midnight continues yesterday's: it is not an opening.
      const continues = start === midnight && endsAtMidnight(hours, midnight - DAY_MS);
      if (start > now && !continues) return start;
    }
  }
  return null;
}

function endsAtMidnight(hours: OpeningHours, midnight: number): boolean {
  const ranges = hours[DAY_KEYS[new Date(midnight).getUTCDay()] as string];
  return (Array.isArray(ranges) ? ranges : []).some((range) => {
    const match = RANGE.exec(range.trim());
    return (
      match !== null && ((match[3] === '00' && match[4] === '00') || (match[3] === '23' && match[4] === '59'))
    );
  });
}
