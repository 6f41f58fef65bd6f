// A Web Storage in memory for unit tests, which run in Node without a browser.

export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  /** Makes every setItem throw, like a full quota. */
  failWrites: Error | null = null;

  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    if (this.failWrites) throw this.failWrites;
    this.items.set(key, value);
  }
}
