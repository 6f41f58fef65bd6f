// Group commit: writes that arrive in the same turn of the event loop go to the database as one
// statement. When a price moves, every bot of the market may write its intent, open its paper
// position and confirm it at the same moment; one statement for all of them costs about what one
// costs, so no bot waits behind the others' writes before it may send its order. A statement
// holds at most MAX_STATEMENT_ITEMS, and the event loop turns between two: PGlite runs a statement
// on the server's one thread, and a long one would hold back the price feed's timers.
const MAX_STATEMENT_ITEMS = 32;

export class WriteBatch<Item, Result = void> {
  private pending: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];

  /** `write` answers one result per item, in their order. */
  constructor(private readonly write: (items: Item[]) => Promise<Result[] | void>) {}

  /** Resolves once the item is written (with the others of its turn). */
  add(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => void this.flush());
      this.pending.push({ item, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending.splice(0, MAX_STATEMENT_ITEMS);
    if (this.pending.length > 0) setImmediate(() => void this.flush());
    try {
      const results = await this.write(batch.map((entry) => entry.item));
      batch.forEach((entry, index) => entry.resolve(results?.[index] as Result));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}
