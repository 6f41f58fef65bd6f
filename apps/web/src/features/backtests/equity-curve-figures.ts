// What the equity curve's dialog writes of a duration (issue 36): the longest time under water,
// in the largest units that say it (days and hours, hours and minutes, minutes).
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / MINUTE_MS);
  if (minutes < 60) return `${minutes} min`;
  const days = Math.floor(minutes / (DAY_MS / MINUTE_MS));
  const hours = Math.floor((minutes % (DAY_MS / MINUTE_MS)) / 60);
  if (days === 0) return `${hours} h ${minutes % 60} min`;
  return hours === 0 ? `${days} g` : `${days} g ${hours} h`;
}
