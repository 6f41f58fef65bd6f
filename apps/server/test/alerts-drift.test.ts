// The drift alert (issue 36, point 4): a paper bot trades two days of real GOLD on the feed's
// candles, writing what it does through the server's own BotsService (as the hub does for a bot
// process), and the feed's candles are stored as the price feed stores them. The server's
// periodic check (run here by hand) has the engine run the investment's grid over those candles
// and compares with what the bot booked: no alert while the two agree or while the owner has not
// asked, exactly one when the booked result is made to differ past the limit (a cycle booked 300
// EUR worse, as a fee the backtest knows nothing of), whatever the checks, servers and restarts
// after it; a new alert only for a new episode. Limits out of range are refused with the message.
import {
  ALERT_MESSAGES,
  requestOf,
  type AlertList,
  type AlertSettings,
  type LiveCandle,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { alertSettings, alerts, algorithms, driftEpisodes, transactions } from '@platform/db';
import { barPath, type Bars } from '@platform/engine';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BrokerPosition } from '../src/bots/brokers/broker';
import { PaperBroker, type PaperBook } from '../src/bots/brokers/paper/paper-broker';
import type { BotLedger } from '../src/bots/process/bot-ledger';
import { GridBot } from '../src/bots/process/grid-bot';
import type { Timers } from '../src/bots/timers';
import type { BotsService } from '../src/modules/bots/bots.service';
import { LiveCandlesRepository } from '../src/modules/prices/live-candles.repository';
import { GOLD_FILE, monthOf, silent } from './support/bots/real-months';
import { investorWithInvestment } from './support/investment-cycles';
import { createTestApp, type TestApp } from './support/test-app';
import { alertSettingsForm } from './support/alert-settings-form';

const MINUTE = 60_000;

/** What a bot process writes through the hub, written straight to the server's BotsService. */
function serviceLedger(bots: BotsService, investmentId: string): BotLedger {
  return {
    intent: (order) => bots.recordIntent(investmentId, order),
    sent: (id, dealReference) => bots.sent(investmentId, id, dealReference),
    working: (id, workingOrderId) => bots.working(investmentId, id, workingOrderId),
    confirm: (id, dealId, fillPrice, stopLevel) =>
      bots.confirm(investmentId, id, dealId, fillPrice, stopLevel),
    cancel: (id) => bots.cancel(investmentId, id),
    fail: (id, message) => bots.fail(investmentId, id, message),
    closeCycle: (record) => bots.closeCycle(investmentId, 'GOLD', record),
    halt: (message) => bots.halt(investmentId, message),
    note: (message, reopensAt) => bots.note(investmentId, message, reopensAt ?? null),
    stopAdjusted: (id, requested, held) => bots.stopAdjusted(investmentId, id, requested, held),
  };
}

/** The paper broker's book in the server's database, as the hub's paper calls keep it. */
function serviceBook(bots: BotsService, investmentId: string): PaperBook {
  return {
    open: (position: BrokerPosition & { clientRef: string }) =>
      bots.openPaper(investmentId, { ...position, openedAt: position.openedAt.getTime() }),
    close: (dealId, level, at) => bots.closePaper(investmentId, dealId, level, at.getTime()),
    openPositions: () => bots.paperPositions(investmentId),
    find: (clientRef) => bots.findPaper(investmentId, clientRef),
  };
}

/**
 * Two trading days of real GOLD 1m bars, moved to end ten minutes after now: the bot's positions
 * are confirmed at the database's clock, which must not be past the last candle they are valued on.
 */
async function recentGold(): Promise<Bars> {
  const march = await monthOf(GOLD_FILE, 2);
  const count = 2 * 1440;
  const shift = Math.floor((Date.now() + 10 * MINUTE) / MINUTE) * MINUTE - (march.t[count - 1] as number);
  return {
    t: march.t.slice(0, count).map((time) => time + shift),
    o: march.o.slice(0, count),
    h: march.h.slice(0, count),
    l: march.l.slice(0, count),
    c: march.c.slice(0, count),
  };
}

/** The paper bot of the investment, on the bars' prices: each bar's open, then its path (engine.md section 2). */
async function tradeOn(testApp: TestApp, investmentId: string, bars: Bars) {
  const { bots } = testApp.app.services;
  let now = bars.t[0] as number;
  const timers: Timers = { now: () => now, setTimeout: () => 0, clearTimeout: () => undefined };
  const setup = await bots.setup(investmentId);
  const bot = new GridBot(
    setup,
    new PaperBroker(serviceBook(bots, investmentId), setup.instrument, { now: () => now }),
    serviceLedger(bots, investmentId),
    { logger: silent, timers },
  );
  await bot.start();
  for (let bar = 0; bar < bars.t.length; bar++) {
    now = bars.t[bar] as number;
    const path = barPath(bars.o[bar]!, bars.h[bar]!, bars.l[bar]!, bars.c[bar]!);
    for (const [index, price] of [bars.o[bar]!, ...path].entries()) {
      bot.onPrice({ market: 'GOLD', kind: index === 0 ? 'open' : 'move', price, time: now, sourceTime: now });
      await bot.idle();
    }
  }
  expect(bot.halted).toBeNull();
  await testApp.app.services.alerts.settled();
}

/** The feed's candles of the bars, stored as the price feed's writer stores them. */
async function storeCandles(testApp: TestApp, bars: Bars) {
  const candles = Array.from(bars.t, (time, bar): { market: 'GOLD'; candle: LiveCandle } => ({
    market: 'GOLD',
    candle: {
      time: time / 1000,
      open: bars.o[bar]!,
      high: bars.h[bar]!,
      low: bars.l[bar]!,
      close: bars.c[bar]!,
    },
  }));
  await new LiveCandlesRepository(testApp.database.db).save(candles);
}

async function deliverAll(testApp: TestApp): Promise<number> {
  let runs = 0;
  while (await testApp.app.services.alertRunner.runOnce()) runs++;
  return runs;
}

describe('the drift of a live result from the backtest', () => {
  it('alerts once per episode when the booked result strays past the limit, never while they agree', async () => {
    const testApp = await createTestApp();
    const { ownerToken, investment } = await investorWithInvestment(testApp);
    const { db } = testApp.database;
    // A grid tight enough for two days to hold cycles and stops (points of 0.1 USD).
    await db
      .update(algorithms)
      .set({ config: { mediazione: 10, target: 15, multiplier: 1, worst: 100, safeWorst: 150 } });
    const bars = await recentGold();
    await storeCandles(testApp, bars);
    await tradeOn(testApp, investment._id, bars);
    const booked = await db
      .select()
      .from(transactions)
      .where(eq(transactions.investmentId, investment._id))
      .orderBy(asc(transactions.closedAt));
    expect(booked.length).toBeGreaterThan(3);
    expect(booked.some((row) => row.reason === 'stop')).toBe(true);
    // Past the last candle: the check reads every one of them.
    testApp.clock.advance(20 * MINUTE);
    const { alerts: alertsService } = testApp.app.services;
    const cycle = booked[1]!;
    const bookCycleAt = (profitLoss: number) =>
      db.update(transactions).set({ profitLoss }).where(eq(transactions.id, cycle.id));

    // Off by default: a gap, and nothing watched.
    const defaults = await testApp.call<AlertSettings>({
      ...requestOf(API.alerts.settings, { id: investment._id }),
      token: ownerToken,
    });
    expect(defaults.body.data.driftLimitPct).toBeNull();
    await bookCycleAt(cycle.profitLoss - 300);
    expect(await alertsService.checkDrift()).toBe(0);
    await bookCycleAt(cycle.profitLoss);

    // Watched at 2 % of the capital (200 EUR): the bot made the backtest's trades, nothing to tell.
    const saved = await testApp.call<{ settings: AlertSettings }>({
      ...requestOf(API.alerts.saveSettings, { id: investment._id }),
      token: ownerToken,
      payload: alertSettingsForm({ driftLimitPct: 2 }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.settings.driftLimitPct).toBe(2);
    expect(await alertsService.checkDrift()).toBe(0);
    expect(await db.select().from(driftEpisodes)).toHaveLength(0);

    // The cycle booked 300 EUR worse: one alert, and no other on the next checks.
    await bookCycleAt(cycle.profitLoss - 300);
    expect(await alertsService.checkDrift()).toBe(1);
    testApp.clock.advance(5 * MINUTE);
    expect(await alertsService.checkDrift()).toBe(0);

    // Another server over the same database, after a restart: the same episode, nothing again.
    const restarted = await createTestApp({ database: testApp.database, clock: testApp.clock });
    expect(await restarted.app.services.alerts.checkDrift()).toBe(0);
    expect(await deliverAll(restarted)).toBe(1);
    expect(await deliverAll(testApp)).toBe(0);
    expect(restarted.mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [investment.account.owner.username, 'Avviso: Scostamento dal backtest'],
    ]);
    const list = (await testApp.call<AlertList>({ ...requestOf(API.alerts.list), token: ownerToken })).body
      .data;
    expect(list.unread).toBe(1);
    expect(list.alerts).toHaveLength(1);
    expect(list.alerts[0]).toMatchObject({ kind: 'drift', investmentId: investment._id, read: false });
    expect(list.alerts[0]!.message).toMatch(
      /si discosta dal backtest dello stesso periodo di -300,00 EUR \(3% del capitale\), oltre il limite del 2%: il bot è a -?[\d.]+,\d\d EUR \(cicli chiusi e posizioni aperte\), il backtest sugli stessi prezzi a -?[\d.]+,\d\d EUR\./,
    );
    expect(list.alerts[0]!.deliveries).toEqual([
      { channel: 'email', status: 'sent', attempts: 1, error: null },
    ]);

    // Set right again: the episode is over. The same gap later is a new episode, a new alert.
    await bookCycleAt(cycle.profitLoss);
    expect(await alertsService.checkDrift()).toBe(0);
    expect(await db.select().from(driftEpisodes)).toHaveLength(0);
    await bookCycleAt(cycle.profitLoss + 250);
    testApp.clock.advance(5 * MINUTE);
    expect(await alertsService.checkDrift()).toBe(1);
    const kinds = await db.select({ kind: alerts.kind }).from(alerts);
    expect(kinds).toEqual([{ kind: 'drift' }, { kind: 'drift' }]);
  }, 120_000);

  it('refuses a limit that is not a share of the capital above 0 and up to 100 %, writing nothing', async () => {
    const testApp = await createTestApp();
    const { ownerToken: token, investment } = await investorWithInvestment(testApp);
    for (const driftLimitPct of [0, -1, 150, 'tanto', undefined]) {
      const refused = await testApp.call({
        ...requestOf(API.alerts.saveSettings, { id: investment._id }),
        token,
        payload: alertSettingsForm({ driftLimitPct }),
      });
      expect({ driftLimitPct, status: refused.status, body: refused.body }).toEqual({
        driftLimitPct,
        status: 400,
        body: { ok: false, error: ALERT_MESSAGES.driftRange },
      });
    }
    expect(await testApp.database.db.select().from(alertSettings)).toHaveLength(0);
  });
});
