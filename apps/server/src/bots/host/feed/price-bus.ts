// How the feed's prices reach whoever needs them: the bots of the hub and the charts' candles.
// In one process (PGlite, or PostgreSQL with every role in one process) they are handed over in
// memory; across processes on one PostgreSQL they travel by LISTEN/NOTIFY from the one process
// that owns the feed (feed-owner.ts) to every bot host and API process (docs/adr/0008). The
// sender hears its own prices back like every other listener, so each process has one path.
import { marketSchema } from '@platform/contracts';
import type { Notifications } from '@platform/db';
import * as z from 'zod';
import type { Logger } from '../../../lib/logger';
import type { PriceEvent } from '../../protocol/hub-protocol';

export type PriceListener = (event: PriceEvent) => void;

export interface PriceBus {
  publish(event: PriceEvent): void;
  /** The returned function stops listening. */
  subscribe(listener: PriceListener): () => void;
}

export class LocalPriceBus implements PriceBus {
  private readonly listeners = new Set<PriceListener>();

  publish(event: PriceEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  subscribe(listener: PriceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export const PRICE_CHANNEL = 'price_events';

/** A price as the feed sends it; anything else on the channel (another version, a stray sender) is dropped. */
const priceEventSchema = z.object({
  market: marketSchema,
  kind: z.enum(['open', 'jump', 'move']),
  price: z.number().finite(),
  time: z.number().finite(),
  sourceTime: z.number().finite(),
}) satisfies z.ZodType<PriceEvent>;

function priceOf(payload: string): PriceEvent | null {
  try {
    const parsed = priceEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export class DatabasePriceBus implements PriceBus {
  private readonly local = new LocalPriceBus();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly notifications: Notifications,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.notifications.listen(PRICE_CHANNEL, (payload) => {
      const event = priceOf(payload);
      if (event) this.local.publish(event);
    });
  }

  publish(event: PriceEvent): void {
    this.notifications.notify(PRICE_CHANNEL, JSON.stringify(event)).catch((error: unknown) => {
      this.logger.warn({ error: String(error) }, 'price not sent to the other processes');
    });
  }

  subscribe(listener: PriceListener): () => void {
    return this.local.subscribe(listener);
  }

  async close(): Promise<void> {
    await this.stopListening?.();
  }
}
