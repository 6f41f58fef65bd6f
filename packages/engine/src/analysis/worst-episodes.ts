// Worst episodes (engine.md section 7, fine points 21-23). A drawdown episode starts at a bar
// that sets a new (strictly higher) peak high and holds the bars after it, up to but not including
// the next bar whose high is above the peak; the last bar closes the last episode. Its depth is
// the fall from the peak to the lowest low inside it, its duration the minutes from the peak bar
// to the first bar holding that low. Run-ups are the mirror image on troughs.
import type { Bars } from '../bars';
import { RunningSummary } from './summary';

export interface EpisodeStats {
  depth: RunningSummary;
  duration: RunningSummary;
}

/**
 * direction 'down': peaks on highs, depths to lows; 'up': troughs on lows, heights to highs.
 * Episodes shallower than the threshold (points) are dropped; one equal to it is kept.
 */
export function episodes(
  bars: Bars,
  point: number,
  threshold: number,
  direction: 'down' | 'up',
): EpisodeStats {
  const stats: EpisodeStats = { depth: new RunningSummary(), duration: new RunningSummary() };
  const count = bars.t.length;
  if (count === 0) return stats;
  // Mirror the prices for run-ups so one walk serves both: a trough low becomes a peak.
  const anchors = direction === 'down' ? bars.h : bars.l;
  const extremes = direction === 'down' ? bars.l : bars.h;
  const sign = direction === 'down' ? 1 : -1;

  let anchorIndex = 0;
  let anchor = sign * (anchors[0] as number);
  let bestIndex = -1;
  let best = Infinity;

  const closeEpisode = () => {
    if (bestIndex < 0) return; // no bar inside
    const depth = (anchor - best) / point;
    if (depth >= threshold) {
      stats.depth.add(depth);
      stats.duration.add(((bars.t[bestIndex] as number) - (bars.t[anchorIndex] as number)) / 60_000);
    }
  };

  for (let index = 1; index < count; index++) {
    const value = sign * (anchors[index] as number);
    if (value > anchor) {
      closeEpisode();
      anchorIndex = index;
      anchor = value;
      bestIndex = -1;
      best = Infinity;
      continue;
    }
    const extreme = sign * (extremes[index] as number);
    if (extreme < best) {
      best = extreme;
      bestIndex = index;
    }
  }
  closeEpisode();
  return stats;
}
