/** The value at `quantile` (0..1) of values sorted ascending; NaN when there are none. */
export function quantileOf(sorted: readonly number[], quantile: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] ?? Number.NaN;
}
