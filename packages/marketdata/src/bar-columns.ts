/**
 * Bars as five typed columns (engine.md section 2: t the UTC open time in ms, then o, h, l, c),
 * and the shape in which bars are handed to the store when they may be too many to hold as such:
 * in order, a slab of columns at a time.
 */
export interface BarColumns {
  t: Float64Array;
  o: Float64Array;
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
}

export const BAR_COLUMNS = ['t', 'o', 'h', 'l', 'c'] as const;

/** Bars sorted by time, one per time, readable in slabs (an import's CompactBars, or plain columns). */
export interface SortedBars {
  /** The bars in order, as slabs of columns; a slab may be reused, so it is valid until the next one is asked for. */
  slabs(): Iterable<BarColumns>;
}

/** Plain columns, already sorted and de-duplicated, as one slab. */
export function sortedColumns(bars: BarColumns): SortedBars {
  return { slabs: () => [bars] };
}

export function isSortedBars(bars: BarColumns | SortedBars): bars is SortedBars {
  return 'slabs' in bars;
}
