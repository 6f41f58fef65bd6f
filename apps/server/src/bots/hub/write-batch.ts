// Group commit: writes that arrive in the same turn of the event loop go to the database as one
// statement. When a price moves, every bot of the market may write its intent at the same
// moment; one insert of all of them costs about what one insert costs, so no bot waits for the
// others' writes before it may send its order.
export class WriteBatch<Item> {
  private pending: { item: Item; resolve: () => void; reject: (error: unknown) => void }[] = [];

  constructor(private readonly write: (items: Item[]) => Promise<void>) {}

  /** Resolves once the item is written (with the others of its turn). */
  add(item: Item): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => void this.flush());
      this.pending.push({ item, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      await this.write(batch.map((entry) => entry.item));
      for (const entry of batch) entry.resolve();
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}
