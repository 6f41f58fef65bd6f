// How the analysis figures read (engine.md section 7): distances in points of the instrument,
// rounded to what the size of the number makes meaningful; durations from minutes to hours and
// days; 'N/A' for a figure the analysis could not compute.
import { formatNumber } from '../../lib/format';

export const NOT_AVAILABLE = 'N/A';

/** 1234 pt, 45,3 pt, 2,35 pt. */
export function formatPoints(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NOT_AVAILABLE;
  const size = Math.abs(value);
  const decimals = size >= 100 ? 0 : size >= 10 ? 1 : 2;
  return `${formatNumber(value, decimals)} pt`;
}

/** 45 min, 3 h 20 min, 2 g 5 h. */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0)
    return NOT_AVAILABLE;
  const total = Math.round(minutes);
  if (total < 1) return '< 1 min';
  if (total < 60) return `${total} min`;
  if (total < 1440) {
    const rest = total % 60;
    return rest === 0 ? `${total / 60} h` : `${Math.floor(total / 60)} h ${rest} min`;
  }
  const days = Math.floor(total / 1440);
  const hours = Math.round((total % 1440) / 60);
  return hours === 0 ? `${days} g` : `${days} g ${hours} h`;
}

/** Newest first, by creation time; the server's order is not relied on. */
export const newestFirst = <T extends { createdAt: string }>(rows: readonly T[]): T[] =>
  rows.toSorted((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
