/** mean, min and max of a list of numbers, or nulls when it is empty. */
export interface Summary {
  mean: number | null;
  min: number | null;
  max: number | null;
}

export class RunningSummary {
  private count = 0;
  private total = 0;
  private lowest = Infinity;
  private highest = -Infinity;

  add(value: number): void {
    this.count++;
    this.total += value;
    if (value < this.lowest) this.lowest = value;
    if (value > this.highest) this.highest = value;
  }

  get size(): number {
    return this.count;
  }

  result(): Summary {
    if (this.count === 0) return { mean: null, min: null, max: null };
    return { mean: this.total / this.count, min: this.lowest, max: this.highest };
  }
}
