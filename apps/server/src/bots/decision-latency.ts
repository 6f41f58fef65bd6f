// How long a bot takes from a price to the order it decided: from the time the feed handed the
// price out (its `time`) to the moment the order leaves for the broker. A bot logs the figures
// of each period, so a slow host shows in its logs (and `npm run bench` reads them).
export class DecisionLatency {
  private samples: number[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  record(priceTime: number): void {
    this.samples.push(this.now() - priceTime);
  }

  /** The period's count, median, 99th percentile and maximum in ms (null without orders); starts a new period. */
  take(): { orders: number; p50: number; p99: number; max: number; samples: number[] } | null {
    const samples = this.samples.sort((a, b) => a - b);
    this.samples = [];
    if (samples.length === 0) return null;
    const at = (quantile: number) =>
      samples[Math.min(samples.length - 1, Math.floor(quantile * samples.length))] as number;
    return {
      orders: samples.length,
      p50: at(0.5),
      p99: at(0.99),
      max: samples[samples.length - 1] as number,
      samples,
    };
  }
}
