// A bot fed the stored bars of a period through the replay feed and the paper broker makes
// exactly the trades the backtest of the same parameters reports (issue: the platform trades).
// Real price files (fixtures/real-bars): a month of GOLD and of EURUSD, 2019, with fx from EURUSD.
import { fxFromCloses, runGrid, walkGrid, type Bars, type GridParams } from '@platform/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { BrokerError, type Broker } from '../brokers/broker';
import { PaperBroker } from '../brokers/paper/paper-broker';
import { GridBot } from './grid-bot';
import {
  isQuiet,
  type BotSetup,
  type FxTable,
  type PriceEvent,
  type WireQuietBand,
  type WireStandingOrders,
} from '../protocol/hub-protocol';
import { fillStanding, type StandingWrites } from '../brokers/paper/standing-fill';
import { MemoryLedger, MemoryPaperBook } from '../../../test/support/bots/memory-ledger';
import {
  EURUSD_FILE,
  GOLD_FILE,
  INSTRUMENTS,
  barsOf,
  fxTableOf,
  gridParams,
  monthOf,
  replaySetup,
  replayed,
  silent,
} from '../../../test/support/bots/real-months';

const setupOf = (
  market: 'GOLD' | 'EURUSD',
  params: GridParams,
  fx: FxTable,
  ledger: MemoryLedger,
): BotSetup => replaySetup(market, params, fx, ledger, { kind: 'paper' });

/** A fill of a standing order written as the hub writes it, to the test's ledger and paper book. */
const standingWrites = (ledger: MemoryLedger, book: MemoryPaperBook): StandingWrites => ({
  intent: (order) => ledger.intent(order),
  confirm: (id, dealId, fillPrice) => ledger.confirm(id, dealId, fillPrice),
  open: (position) => book.open(position),
  close: (dealId, level, at) => book.close(dealId, level, at),
});

/**
 * Hands the bot the prices from `from` on as the hub does: those inside the quiet band it told
 * after the last one are kept from it, and with `standing` the order it left standing is filled
 * on its price before the bot is handed that price. Stops early when `until` says so; says where
 * it got to, how many prices it handed and how many standing orders it filled.
 */
async function handAsTheHub(
  bot: GridBot,
  events: PriceEvent[],
  from: number,
  options: { until?: () => boolean; standing?: StandingWrites } = {},
) {
  let quiet: WireQuietBand | null = null;
  let standing: WireStandingOrders | null = null;
  let handed = 0;
  let filled = 0;
  let next = from;
  for (; next < events.length && !options.until?.(); next++) {
    const event = events[next]!;
    if (quiet && isQuiet(quiet, event)) continue;
    handed++;
    const filling = standing && options.standing ? fillStanding(standing, event, event.time) : null;
    if (filling) {
      await filling.write(options.standing!);
      filled++;
    }
    bot.onPrice(event, filling?.filled ?? null);
    await bot.idle();
    quiet = bot.quietBand();
    standing = bot.standingOrder();
  }
  return { handed, filled, next };
}

describe('a bot on the replay feed and the paper broker', () => {
  const bars: Partial<Record<'GOLD' | 'EURUSD', Bars>> = {};
  let eurusdQuarter: Bars;
  beforeAll(async () => {
    bars.GOLD = await monthOf(GOLD_FILE, 2);
    bars.EURUSD = await monthOf(EURUSD_FILE, 1);
    eurusdQuarter = await barsOf(EURUSD_FILE);
  });

  const cases = (['GOLD', 'EURUSD'] as const).flatMap((market) =>
    [false, true].map((dynamic) => ({ market, dynamic })),
  );
  it.each(cases)(
    'makes the trades of the backtest: $market, dynamic $dynamic',
    async ({ market, dynamic }) => {
      const period = bars[market]!;
      const params = gridParams(market, dynamic);
      const fx = fxTableOf(eurusdQuarter, period);
      const ledger = new MemoryLedger();
      const book = new MemoryPaperBook();
      const bot = new GridBot(
        setupOf(market, params, fx, ledger),
        new PaperBroker(book, INSTRUMENTS[market]),
        ledger,
        { logger: silent },
      );
      await bot.start();
      const events = replayed(market, period);
      const { handed, filled } = await handAsTheHub(bot, events, 0, {
        standing: standingWrites(ledger, book),
      });
      // Most prices move no bot: they need not wake its process.
      expect(handed).toBeLessThan(events.length / 2);
      // Most orders stood with the paper book before their price came, written as the bot writes its own.
      const orders = [...ledger.orders.values()];
      expect(filled).toBeGreaterThan(orders.length / 2);
      expect(orders.every((order) => order.status === 'filled')).toBe(true);
      expect(book.opened).toBe(orders.filter((order) => order.kind === 'open').length);
      // The book holds the positions of the cycle still open, at the fills the ledger confirmed.
      const held = ledger.openOrders().filter((order) => order.kind === 'open');
      expect((await book.openPositions()).map((position) => [position.dealId, position.level])).toEqual(
        held.map((order) => [order.dealId, order.fillPrice]),
      );

      const backtest = runGrid(
        period,
        params,
        INSTRUMENTS[market],
        fxFromCloses(eurusdQuarter.t, eurusdQuarter.c),
      );
      const walked = walkGrid(
        period,
        params,
        INSTRUMENTS[market],
        fxFromCloses(eurusdQuarter.t, eurusdQuarter.c),
      );
      expect(backtest.trades).toBeGreaterThan(5);
      expect(backtest.stops).toBeGreaterThan(0);
      expect(ledger.cycles).toHaveLength(backtest.trades);
      expect(ledger.cycles.filter((cycle) => cycle.reason === 'stop')).toHaveLength(backtest.stops);
      expect(ledger.realisedEur).toBeCloseTo(backtest.profit, 6);
      ledger.cycles.forEach((cycle, index) => {
        const expected = walked.cycles[index]!;
        expect(cycle.reason).toBe(expected.reason);
        expect(cycle.lots).toBeCloseTo(expected.lots, 9);
        expect(cycle.entryPrice).toBeCloseTo(expected.entryPrice, 6);
        expect(cycle.exitPrice).toBeCloseTo(expected.exitPrice, 6);
        expect(Math.abs(cycle.profitLoss - expected.profitLoss)).toBeLessThanOrEqual(1e-6);
      });
      expect(bot.halted).toBeNull();
    },
  );

  it('after a crash in the middle of an order, recovers its positions from the broker and doubles nothing', async () => {
    const market = 'GOLD';
    const period = bars[market]!;
    const params = gridParams(market, false);
    const fx = fxTableOf(eurusdQuarter, period);
    const ledger = new MemoryLedger();
    const book = new MemoryPaperBook();
    const events = replayed(market, period);

    // The first bot dies right after its third averaging order reached the broker, before the confirmation.
    let averaging = 0;
    const paper = new PaperBroker(book, INSTRUMENTS[market]);
    const dying: Broker = Object.assign(Object.create(paper) as Broker, {
      send: async (order: Parameters<Broker['send']>[0]) => {
        const outcome = await paper.send(order);
        if (++averaging === 3) throw new Error('killed');
        return outcome;
      },
    });
    let died: unknown = null;
    const first = new GridBot(setupOf(market, params, fx, ledger), dying, ledger, {
      logger: silent,
      onFatal: (error) => (died = error),
    });
    await first.start();
    // Without standing orders, so that its entries go through the dying broker.
    let { next } = await handAsTheHub(first, events, 0, { until: () => died !== null });
    expect(String(died)).toContain('killed');
    const unconfirmed = [...ledger.orders.values()].filter((order) => order.status === 'intent');
    expect(unconfirmed).toHaveLength(1);

    // Its restart, from what the ledger holds, carries on from the next bar.
    while (next < events.length && events[next]!.kind !== 'open') next++;
    const second = new GridBot(
      setupOf(market, params, fx, ledger),
      new PaperBroker(book, INSTRUMENTS[market]),
      ledger,
      { logger: silent },
    );
    await second.start();
    expect(ledger.orders.get(unconfirmed[0]!.id)!.status).toBe('filled');
    await handAsTheHub(second, events, next, { standing: standingWrites(ledger, book) });

    const entries = [...ledger.orders.values()].filter(
      (order) => order.kind === 'open' && order.status === 'filled',
    );
    expect(book.opened).toBe(entries.length);
    const cycleIds = ledger.cycles.map((cycle) => cycle.cycleId);
    expect(new Set(cycleIds).size).toBe(cycleIds.length);
    expect(cycleIds).toContain(unconfirmed[0]!.cycleId);
    expect(ledger.cycles.length).toBeGreaterThan(5);
  });

  it("stops with the broker's reason when a deal is refused, leaving the order marked failed", async () => {
    const market = 'EURUSD';
    const params = gridParams(market, false);
    const ledger = new MemoryLedger();
    const refusing: Broker = Object.assign(
      Object.create(new PaperBroker(new MemoryPaperBook(), INSTRUMENTS[market])) as Broker,
      {
        send: () =>
          Promise.reject(new BrokerError('Operazione rifiutata dal broker: INSUFFICIENT_FUNDS', 'funds')),
      },
    );
    const bot = new GridBot(setupOf(market, params, { firstDay: 0, rates: [] }, ledger), refusing, ledger, {
      logger: silent,
    });
    await bot.start();
    for (const event of replayed(market, bars.EURUSD!).slice(0, 40)) bot.onPrice(event);
    await bot.idle();
    expect(bot.halted).toContain('INSUFFICIENT_FUNDS');
    expect(ledger.haltedWith).toContain('INSUFFICIENT_FUNDS');
    expect([...ledger.orders.values()].map((order) => order.status)).toEqual(['failed']);
    expect(ledger.cycles).toHaveLength(0);
  });
});
