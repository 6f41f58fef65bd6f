// The hub hands a bot only the prices that may move it: those outside the quiet band the bot
// told after handling the last price it was handed; and it answers only the requests a bot waits for.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { BotsService } from '../../modules/bots/bots.service';
import { BotHub, botToken } from './bot-hub';
import { HubClient } from '../process/hub-client';
import type {
  BotSetup,
  OrderRecord,
  PriceEvent,
  StandingFill,
  WireStandingOrders,
} from '../protocol/hub-protocol';

const price = (value: number, kind: PriceEvent['kind'] = 'move'): PriceEvent => ({
  market: 'GOLD',
  kind,
  price: value,
  time: 0,
  sourceTime: 0,
});

async function connectedBot(writes: Partial<BotsService> = {}) {
  const key = randomBytes(32);
  const setup = { investmentId: 'inv-1', market: 'GOLD', broker: { kind: 'paper' } } as BotSetup;
  const bots = {
    setup: () => Promise.resolve(setup),
    findPaper: () => Promise.resolve(null),
    ...writes,
  } as unknown as BotsService;
  const hub = new BotHub(bots, key, { warn: () => undefined });
  const { host, port } = await hub.listen();
  let closed!: () => void;
  const channelClosed = new Promise<void>((resolve) => (closed = resolve));
  const client = await HubClient.connect(host, port, () => closed());
  onTestFinished(async () => {
    client.close();
    await hub.close();
  });
  await client.call('hello', { investmentId: 'inv-1', token: botToken(key, 'inv-1') });
  const received: { price: number; seq: number; filled: StandingFill | null }[] = [];
  client.onPrice((event, seq, filled) => received.push({ price: event.price, seq, filled }));
  // A call answered after what was sent before it: the hub has read what the bot sent, and the
  // bot has received the prices the hub sent.
  const roundTrip = () => client.call('paperFind', { clientRef: 'none' });
  const publish = async (...events: PriceEvent[]) => {
    for (const event of events) hub.publish(event);
    await roundTrip();
  };
  const quiet = async (band: Parameters<HubClient['quiet']>[0]) => {
    client.quiet(band);
    await roundTrip();
  };
  return { quiet, received, publish, hub, client, channelClosed };
}

describe('the bot hub', () => {
  it('keeps from a bot the prices inside its band, until it hands one outside', async () => {
    const { quiet, received, publish } = await connectedBot();
    await publish(price(2000));
    await quiet({ after: received[0]!.seq, above: 1990, below: 2010, opensQuiet: true, standing: null });
    await publish(price(1995), price(2005, 'open'), price(2010), price(2000));
    // 2010 is not strictly inside; after it the band is gone until the bot tells the next one.
    expect(received.map((event) => event.price)).toEqual([2000, 2010, 2000]);
  });

  it("hands a bar's open inside the band when the bot must see opens", async () => {
    const { quiet, received, publish } = await connectedBot();
    await publish(price(2000));
    await quiet({ after: received[0]!.seq, above: null, below: null, opensQuiet: false, standing: null });
    await publish(price(1500), price(2500), price(2000, 'open'));
    expect(received.map((event) => event.price)).toEqual([2000, 2000]);
  });

  it('ignores a band told before the last price handed: it was for an older state', async () => {
    const { quiet, received, publish } = await connectedBot();
    await publish(price(2000), price(2001));
    await quiet({ after: received[0]!.seq, above: 1990, below: 2010, opensQuiet: true, standing: null });
    await publish(price(2002));
    expect(received.map((event) => event.price)).toEqual([2000, 2001, 2002]);
  });

  it("books a paper bot's standing order on the price that fills it, before the bot hears of it", async () => {
    const written: string[] = [];
    const { quiet, received, publish } = await connectedBot({
      recordIntent: (_, order) => {
        written.push(`intent ${order.id} ${order.kind} level ${order.level} ${order.lots} at ${order.bid}`);
        return Promise.resolve();
      },
      openPaper: (_, position) => {
        written.push(`position ${position.dealId} for ${position.clientRef} at ${position.level}`);
        return Promise.resolve({ ...position, openedAt: new Date(position.openedAt) });
      },
      confirm: (_, id, dealId, fillPrice) => {
        written.push(`confirm ${id} ${dealId} ${fillPrice}`);
        return Promise.resolve();
      },
    });
    // GOLD in milli-points (a price unit is 10,000): the cycle's first entry, 1 lot, at the next open.
    const entryAtOpen: WireStandingOrders = {
      orders: {
        spread: 3000,
        target: 50_000,
        entry: { lots: 100, scale: 1, totalLots: 400 },
        held: null,
        level: null,
        stop: null,
      },
      perUnit: 10_000,
      orderId: 'order-1',
      dealId: 'deal-1',
      cycle: { id: 'cycle-1', referencePrice: null, scale: 1, dealIds: [] },
    };
    await publish(price(2000));
    await quiet({
      after: received[0]!.seq,
      above: null,
      below: null,
      opensQuiet: false,
      standing: entryAtOpen,
    });
    await publish(price(1990), price(2005, 'open'), price(2001, 'open'));
    expect(written).toEqual([
      'intent order-1 open level 0 1 at 2005',
      'position deal-1 for order-1 at 2005.3',
      'confirm order-1 deal-1 2005.3',
    ]);
    // The bot is handed the price with the news; the next open is its own again, until it tells its next order.
    expect(received.map(({ price, filled }) => [price, filled?.orderId ?? null])).toEqual([
      [2000, null],
      [2005, 'order-1'],
      [2001, null],
    ]);
  });

  it('closes the channel of a bot whose standing order it cannot read, and goes on with the price', async () => {
    const { client, received, hub, channelClosed } = await connectedBot();
    await client.call('paperFind', { clientRef: 'none' });
    hub.publish(price(2000));
    await vi.waitFor(() => expect(received).toHaveLength(1));
    client.quiet({
      after: received[0]!.seq,
      above: null,
      below: null,
      opensQuiet: false,
      standing: {} as WireStandingOrders,
    });
    await client.call('paperFind', { clientRef: 'none' });
    expect(hub.publish(price(2001, 'open'))).toBe(0);
    await channelClosed;
  });
});

describe("the hub's unanswered writes", () => {
  const order: OrderRecord = {
    id: '0b6c6bd6-4d1f-4a4b-9d4e-0d1d2e7a0001',
    cycleId: '0b6c6bd6-4d1f-4a4b-9d4e-0d1d2e7a0002',
    kind: 'open',
    level: 0,
    reason: null,
    lots: 1,
    bid: 2000,
    referencePrice: 2000,
    scale: 1,
    status: 'intent',
    dealId: null,
    fillPrice: null,
    createdAt: 0,
  };

  async function hubRecordingIntents(
    recordIntent: (investmentId: string, order: OrderRecord) => Promise<void>,
  ) {
    const key = randomBytes(32);
    const bots = {
      setup: () =>
        Promise.resolve({ investmentId: 'inv-1', market: 'GOLD', broker: { kind: 'paper' } } as BotSetup),
      recordIntent,
    } as unknown as BotsService;
    const hub = new BotHub(bots, key, { warn: () => undefined });
    const { host, port } = await hub.listen();
    onTestFinished(() => hub.close());
    return { host, port, token: botToken(key, 'inv-1') };
  }

  it('runs a write before what the bot sends after it, and wakes the bot only for what it waits for', async () => {
    const written: string[] = [];
    const { host, port, token } = await hubRecordingIntents(async (_, intent) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      written.push(intent.id);
    });
    const socket = connect(port, host);
    onTestFinished(() => void socket.destroy());
    const lines: { id: number }[] = [];
    const answered = new Promise<void>((resolve) =>
      createInterface({ input: socket }).on('line', (line) => {
        lines.push(JSON.parse(line) as { id: number });
        if (lines.length === 2) resolve();
      }),
    );
    const request = (id: number | null, method: string, params: unknown) =>
      socket.write(`${JSON.stringify({ id, method, params })}\n`);
    request(1, 'hello', { investmentId: 'inv-1', token });
    request(null, 'intent', order);
    request(2, 'sync', {});
    await answered;
    expect(written).toEqual([order.id]);
    expect(lines.map((line) => line.id)).toEqual([1, 2]);
  });

  it('lets a bot started again after a kill read every write its previous process sent', async () => {
    const events: string[] = [];
    const key = randomBytes(32);
    const bots = {
      setup: () => {
        events.push('setup read');
        return Promise.resolve({
          investmentId: 'inv-1',
          market: 'GOLD',
          broker: { kind: 'paper' },
        } as BotSetup);
      },
      recordIntent: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        events.push('intent written');
      },
    } as unknown as BotsService;
    const hub = new BotHub(bots, key, { warn: () => undefined });
    const { host, port } = await hub.listen();
    onTestFinished(() => hub.close());
    const token = botToken(key, 'inv-1');
    const killed = await HubClient.connect(host, port, () => undefined);
    await killed.call('hello', { investmentId: 'inv-1', token });
    killed.send('intent', order);
    killed.close();
    const restarted = await HubClient.connect(host, port, () => undefined);
    onTestFinished(() => restarted.close());
    await restarted.call('hello', { investmentId: 'inv-1', token });
    expect(events).toEqual(['setup read', 'intent written', 'setup read']);
  });

  it('closes the channel of a bot that sends a call its method does not take, and writes nothing of it', async () => {
    const written: string[] = [];
    const { host, port, token } = await hubRecordingIntents((_, intent) =>
      Promise.resolve(void written.push(intent.id)),
    );
    let closed!: () => void;
    const channelClosed = new Promise<void>((resolve) => (closed = resolve));
    const client = await HubClient.connect(host, port, () => closed());
    await client.call('hello', { investmentId: 'inv-1', token });
    client.send('intent', { ...order, id: 'not-an-id', lots: -1 });
    await expect(client.call('sync', {})).rejects.toThrow('hub connection closed');
    await channelClosed;
    expect(written).toEqual([]);
  });

  it('closes the channel at a write that fails, and runs nothing sent after it', async () => {
    const { host, port, token } = await hubRecordingIntents(() => Promise.reject(new Error('disk full')));
    let closed!: () => void;
    const channelClosed = new Promise<void>((resolve) => (closed = resolve));
    const client = await HubClient.connect(host, port, () => closed());
    await client.call('hello', { investmentId: 'inv-1', token });
    client.send('intent', order);
    await expect(client.call('sync', {})).rejects.toThrow('hub connection closed');
    await channelClosed;
  });
});
