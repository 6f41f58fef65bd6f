// What the investment's chart draws, from the server's answer (issue 36, point 2), kept apart from
// the library so it can be tested: each entry and exit placed on the bar it happened in, and,
// when the server holds no price for the period, a line through the trades' own prices instead.
import type { ChartMarker, InvestmentChart } from '@platform/contracts';

/** Seconds since the epoch, the chart's time unit. */
export const toSeconds = (ms: number) => Math.floor(ms / 1000);

export interface PlacedMarker {
  marker: ChartMarker;
  /** The start (s) of the bar it falls in: the chart draws a marker on a bar. */
  time: number;
}

/**
 * Each marker on the bar whose span holds its moment (the last bar holds all that follow it).
 * Markers before the first bar are left out: the server has no price for their moment.
 */
export function placeMarkers(chart: Pick<InvestmentChart, 'bars' | 'markers'>): {
  placed: PlacedMarker[];
  outside: number;
} {
  const times = chart.bars.time;
  const placed: PlacedMarker[] = [];
  let outside = 0;
  let bar = 0;
  // Both are in time order: one walk.
  for (const marker of chart.markers) {
    if (times.length === 0 || marker.time < (times[0] as number)) {
      outside++;
      continue;
    }
    while (bar + 1 < times.length && (times[bar + 1] as number) <= marker.time) bar++;
    placed.push({ marker, time: toSeconds(times[bar] as number) });
  }
  return { placed, outside };
}

/** With no bars: the trades' prices as a line, one point a second (the last price of that second). */
export function tradePriceLine(markers: readonly ChartMarker[]): { time: number; value: number }[] {
  const line: { time: number; value: number }[] = [];
  for (const marker of markers) {
    const time = toSeconds(marker.time);
    const last = line.at(-1);
    if (last && last.time === time) last.value = marker.price;
    else line.push({ time, value: marker.price });
  }
  return line;
}

/** Entries and exits counted, for the chart's accessible name and the browser tests. */
export function markerCounts(markers: readonly ChartMarker[]): { entries: number; exits: number } {
  const entries = markers.filter((marker) => marker.kind === 'entry').length;
  return { entries, exits: markers.length - entries };
}

/** Equity as the chart draws it: one value per second, the last of each. */
export function equityLine(chart: Pick<InvestmentChart, 'equity'>, column: 'balance' | 'equity') {
  const line: { time: number; value: number }[] = [];
  chart.equity.time.forEach((ms, index) => {
    const time = toSeconds(ms);
    const value = chart.equity[column][index] as number;
    const last = line.at(-1);
    if (last && last.time === time) last.value = value;
    else line.push({ time, value });
  });
  return line;
}

/** What a marker looks like: entries of closed cycles, of the open one, and exits by reason. */
export const markerKind = (marker: ChartMarker) =>
  marker.kind === 'entry' ? (marker.transactionId === null ? 'open' : 'entry') : (marker.reason ?? 'close');

/**
 * The markers of a bar that look alike drawn as one, with their number: a replay faster than real
 * time closes dozens of cycles within a bar, which would stack out of the chart.
 */
export function groupMarkers(
  placed: readonly PlacedMarker[],
): { marker: ChartMarker; time: number; count: number }[] {
  const groups: { marker: ChartMarker; time: number; count: number }[] = [];
  const byKey = new Map<string, { marker: ChartMarker; time: number; count: number }>();
  for (const { marker, time } of placed) {
    const key = `${time} ${markerKind(marker)}`;
    const group = byKey.get(key);
    if (group) group.count++;
    else {
      const created = { marker, time, count: 1 };
      byKey.set(key, created);
      groups.push(created);
    }
  }
  return groups;
}
