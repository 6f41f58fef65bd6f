// An investment's drawdown as the server knows it: its capital plus the profit of each closed
// cycle, in the order they closed (what the bots book; a cycle still open is not counted, the
// bot alone knows its price). The drawdown is how far the equity now is under its highest point,
// as a percent of that point; the highest point names the episode, so one fall past the limit
// is one alert, and a new high starts the next episode.

export interface ClosedCycle {
  id: string;
  profitLoss: number;
}

export interface Drawdown {
  /** Percent of the peak, 0 at a new high. */
  pct: number;
  /** The cycle that made the peak, or null while the peak is the starting capital. */
  peakCycleId: string | null;
}

export function drawdownOf(capital: number, cycles: readonly ClosedCycle[]): Drawdown {
  let equity = capital;
  let peak = capital;
  let peakCycleId: string | null = null;
  for (const cycle of cycles) {
    equity += cycle.profitLoss;
    if (equity > peak) {
      peak = equity;
      peakCycleId = cycle.id;
    }
  }
  const pct = peak > 0 ? Math.max(0, ((peak - equity) / peak) * 100) : 0;
  return { pct, peakCycleId };
}
