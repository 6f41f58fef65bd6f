/**
 * The file line of every kept row, for the report to name lines of rows it drops after reading
 * (a repeated time), without a number per row: rows follow each other line after line except
 * where blank lines, the header or refused rows come between, so only those places are noted,
 * a run of them once.
 */
export class RowLines {
  /** Pairs: the row after a run of skipped lines, and how many lines were skipped up to it. */
  private runs = new Uint32Array(64);
  private count = 0;
  private skipped = 0;

  /** A line that is not a row (blank, header, refused) came before the row `nextRow`. */
  skip(nextRow: number): void {
    this.skipped++;
    const last = 2 * (this.count - 1);
    if (this.count > 0 && this.runs[last] === nextRow) {
      this.runs[last + 1] = this.skipped;
      return;
    }
    if (2 * this.count + 2 > this.runs.length) {
      const grown = new Uint32Array(this.runs.length * 2);
      grown.set(this.runs);
      this.runs = grown;
    }
    this.runs[2 * this.count] = nextRow;
    this.runs[2 * this.count + 1] = this.skipped;
    this.count++;
  }

  /** The 1-based line of the row (its index among the rows, from 0). */
  lineOf(row: number): number {
    // The last run noted at or before the row.
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.runs[2 * mid]! <= row) lo = mid + 1;
      else hi = mid;
    }
    return row + 1 + (lo > 0 ? this.runs[2 * (lo - 1) + 1]! : 0);
  }
}
