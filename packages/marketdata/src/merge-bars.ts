/**
 * Stored bars ∪ new bars: sorted by time, one bar per time, the new bar winning a tie (an upload
 * corrects what was there). Two passes over two sorted columns: one counts, one fills arrays of
 * the exact size, so the result costs 40 bytes per bar and nothing more.
 */
import { type BarColumns } from './bar-columns';
import { orderRows } from './order-rows';

const COLUMNS = ['t', 'o', 'h', 'l', 'c'] as const;

/** The bars in time order with one bar per time (the later row of a tie kept); as given when they already are. */
export function normaliseBars(bars: BarColumns): BarColumns {
  const n = bars.t.length;
  for (const column of COLUMNS) {
    if (bars[column].length !== n) throw new RangeError(`bar column ${column} has ${bars[column].length} rows, t has ${n}`);
  }
  let ordered = true;
  for (let i = 1; i < n && ordered; i++) ordered = bars.t[i]! > bars.t[i - 1]!;
  if (ordered) return bars;
  const { rows } = orderRows(bars.t);
  const pick = (column: Float64Array) => {
    const out = new Float64Array(rows.length);
    for (let k = 0; k < rows.length; k++) out[k] = column[rows[k]!]!;
    return out;
  };
  return { t: pick(bars.t), o: pick(bars.o), h: pick(bars.h), l: pick(bars.l), c: pick(bars.c) };
}

/** Both inputs must be normalised (see normaliseBars). Returns one of them untouched when the other is empty. */
export function mergeBars(stored: BarColumns | null, incoming: BarColumns): BarColumns {
  if (!stored || stored.t.length === 0) return incoming;
  if (incoming.t.length === 0) return stored;
  const a = stored.t;
  const b = incoming.t;

  let rows = 0;
  for (let i = 0, j = 0; i < a.length || j < b.length; rows++) {
    if (j === b.length || (i < a.length && a[i]! < b[j]!)) i++;
    else if (i === a.length || b[j]! < a[i]!) j++;
    else {
      i++;
      j++;
    }
  }

  const out: BarColumns = {
    t: new Float64Array(rows),
    o: new Float64Array(rows),
    h: new Float64Array(rows),
    l: new Float64Array(rows),
    c: new Float64Array(rows),
  };
  for (let i = 0, j = 0, k = 0; k < rows; k++) {
    let from: BarColumns;
    let index: number;
    if (j === b.length || (i < a.length && a[i]! < b[j]!)) {
      from = stored;
      index = i++;
    } else {
      if (i < a.length && a[i] === b[j]) i++;
      from = incoming;
      index = j++;
    }
    out.t[k] = from.t[index]!;
    out.o[k] = from.o[index]!;
    out.h[k] = from.h[index]!;
    out.l[k] = from.l[index]!;
    out.c[k] = from.c[index]!;
  }
  return out;
}
