// How long a bot takes from a price to the order it decided: from the time the feed handed the
// price out (its `time`) to the moment the order leaves for the broker, and the part of it the
// price spent reaching the bot. An order the bot left standing with its broker is there before
// the price: its figure is the time the broker took to fill it. A bot logs the figures of each
// period, so a slow host shows in its logs (and `npm run bench` reads them).
export interface LatencyFigures {
  orders: number;
  p50: number;
  p99: number;
  max: number;
  /** Price to order, one per order (ms). */
  samples: number[];
  /** Price to order, one per order the bot sent on the price (ms). */
  sent: number[];
  /** Price to its arrival in the bot, one per order the bot sent (ms). */
  delivery: number[];
  /** Price to the fill, one per standing order the broker filled (ms). */
  standing: number[];
}

export class DecisionLatency {
  private sent: number[] = [];
  private delivery: number[] = [];
  private standing: number[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  record(priceTime: number, arrivedAt: number): void {
    this.sent.push(this.now() - priceTime);
    this.delivery.push(arrivedAt - priceTime);
  }

  recordStanding(priceTime: number, filledAt: number): void {
    this.standing.push(filledAt - priceTime);
  }

  /** The period's count, median, 99th percentile and maximum (null without orders); starts a new period. */
  take(): LatencyFigures | null {
    const { sent, delivery, standing } = this;
    const samples = [...sent, ...standing].sort((a, b) => a - b);
    this.sent = [];
    this.delivery = [];
    this.standing = [];
    if (samples.length === 0) return null;
    const at = (quantile: number) =>
      samples[Math.min(samples.length - 1, Math.floor(quantile * samples.length))] as number;
    return {
      orders: samples.length,
      p50: at(0.5),
      p99: at(0.99),
      max: samples[samples.length - 1] as number,
      samples,
      sent,
      delivery,
      standing,
    };
  }
}
