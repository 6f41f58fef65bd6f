/**
 * The order in which to keep rows so that bars run forward in time with one bar per time. When a
 * time repeats, the row that came later in the file wins (a re-exported hour replaces the first
 * copy). Files are almost always in order already, or made of a few ordered runs, so a natural
 * merge sort does next to nothing on them.
 */
export interface RowOrder {
  /** Indexes of the rows to keep, oldest time first. */
  rows: Uint32Array;
  /** Rows dropped because a later row had the same time. */
  duplicates: number;
  /** The first dropped rows in file order (as many as asked for), each with the row that replaced it. */
  replaced: ReplacedRow[];
}

export interface ReplacedRow {
  row: number;
  by: number;
}

export function orderRows(t: Float64Array, samples = 0): RowOrder {
  const order = stableOrder(t);
  // Read before laterOfEachTime writes the kept rows over the order.
  const replaced = firstReplaced(t, order, samples);
  const rows = laterOfEachTime(t, order);
  return { rows, duplicates: t.length - rows.length, replaced };
}

/** Row indexes sorted by time, rows with equal times left in file order. */
function stableOrder(t: Float64Array): Uint32Array {
  const n = t.length;
  let from = new Uint32Array(n);
  let to = new Uint32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  let runs = [0];
  for (let i = 1; i < n; i++) if (t[i]! < t[i - 1]!) runs.push(i);
  runs.push(n);
  while (runs.length > 2) {
    const merged = [0];
    let k = 0;
    for (; k + 2 < runs.length; k += 2) {
      merge(t, from, to, runs[k]!, runs[k + 1]!, runs[k + 2]!);
      merged.push(runs[k + 2]!);
    }
    if (k < runs.length - 1) {
      // An odd run out: carried over unchanged.
      to.set(from.subarray(runs[k], n), runs[k]);
      merged.push(n);
    }
    [from, to] = [to, from];
    runs = merged;
  }
  return from;
}

function merge(
  t: Float64Array,
  from: Uint32Array,
  to: Uint32Array,
  lo: number,
  mid: number,
  hi: number,
): void {
  let i = lo;
  let j = mid;
  let k = lo;
  while (i < mid && j < hi) to[k++] = t[from[j]!]! < t[from[i]!]! ? from[j++]! : from[i++]!;
  while (i < mid) to[k++] = from[i++]!;
  while (j < hi) to[k++] = from[j++]!;
}

/** The `samples` lowest rows that a later row of the same time replaces, in file order. */
function firstReplaced(t: Float64Array, order: Uint32Array, samples: number): ReplacedRow[] {
  const found: ReplacedRow[] = [];
  if (samples === 0) return found;
  // Walked backwards, so the last row of each run of equal times (the one kept) comes first.
  let kept = -1;
  for (let k = order.length - 1; k >= 0; k--) {
    const row = order[k]!;
    if (k === order.length - 1 || t[order[k + 1]!] !== t[row]) {
      kept = row;
      continue;
    }
    if (found.length === samples && row > found[samples - 1]!.row) continue;
    found.push({ row, by: kept });
    found.sort((a, b) => a.row - b.row);
    if (found.length > samples) found.pop();
  }
  return found;
}

/** Of each run of equal times, the last row (the later one in the file). */
function laterOfEachTime(t: Float64Array, order: Uint32Array): Uint32Array {
  let count = 0;
  for (let k = 0; k < order.length; k++) {
    const row = order[k]!;
    if (k + 1 < order.length && t[order[k + 1]!] === t[row]) continue;
    // Written over the order itself: position count never passes k.
    order[count++] = row;
  }
  return order.subarray(0, count);
}
