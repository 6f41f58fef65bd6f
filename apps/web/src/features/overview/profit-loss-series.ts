// The points of the PROFIT/LOSS CHART: the running total of profitLoss over the transactions in
// the order they closed. The chart takes one point per second of UTC time, strictly increasing,
// and throws on a repeated time: transactions closed in the same second become one point that
// carries the total after all of them.
import type { Transaction } from '@platform/contracts';

export interface ProfitLossPoint {
  /** Seconds since the epoch, UTC. */
  time: number;
  value: number;
}

export function cumulativeProfitLoss(
  transactions: readonly Pick<Transaction, 'closedAt' | 'profitLoss'>[],
): ProfitLossPoint[] {
  const closed = transactions
    .map((transaction) => ({
      time: Math.floor(Date.parse(transaction.closedAt) / 1000),
      profitLoss: transaction.profitLoss,
    }))
    .filter((transaction) => Number.isFinite(transaction.time))
    .sort((a, b) => a.time - b.time);
  const points: ProfitLossPoint[] = [];
  let total = 0;
  for (const { time, profitLoss } of closed) {
    total += profitLoss;
    const last = points.at(-1);
    if (last?.time === time) last.value = total;
    else points.push({ time, value: total });
  }
  return points;
}
