// Alerts of a bot paused past its market's calendar (issue 36, point 4): the bots say why they
// wait through the hub's note, a closed Capital.com market with the reopening its opening hours
// give; the server's periodic check (run here by hand on the test's clock) tells the owner once,
// half an hour past that reopening, or two hours into a pause the calendar does not explain, and
// neither a second check, nor a restart, nor a weekend the calendar explains tells anything.
import {
  ALERT_MESSAGES,
  requestOf,
  type AlertList,
  type AlertSettings,
  type Investment,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { alertSettings, alerts, investments, marketPauses } from '@platform/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatOpening } from '../src/bots/brokers/capital/capital-market';
import { BOT_MESSAGES } from '../src/bots/protocol/bot-messages';
import { demoInvestor } from './support/demo-investor';
import { login } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';
import { alertSettingsForm } from './support/alert-settings-form';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A closed market's reason as the Capital.com bot writes it (capital-market.ts). */
const closedUntil = (opens: number) =>
  `Mercato GOLD chiuso su Capital.com (CLOSED): il bot riprende da solo alla riapertura (riapertura prevista ${formatOpening(opens)}).`;

/** The owner's alerts, signed in anew: hours on the test's clock outlast a session. */
const listAlerts = async (testApp: TestApp, investment: Investment) => {
  const token = (await login(testApp, investment.account.owner)).jwt;
  return (await testApp.call<AlertList>({ ...requestOf(API.alerts.list), token })).body.data;
};

async function deliverAll(testApp: TestApp): Promise<number> {
  let runs = 0;
  while (await testApp.app.services.alertRunner.runOnce()) runs++;
  return runs;
}

describe('alerts of a bot paused past its calendar', () => {
  it('tells once, half an hour past the reopening, not during the closure, not again after a restart', async () => {
    const testApp = await createTestApp();
    const { ownerToken, invest } = await demoInvestor(testApp);
    const investment = await invest();
    const { bots, alerts: alertsService } = testApp.app.services;

    // No settings saved: on by default.
    const defaults = await testApp.call<AlertSettings>({
      ...requestOf(API.alerts.settings, { id: investment._id }),
      token: ownerToken,
    });
    expect(defaults.body.data.onMarketPaused).toBe(true);

    // The market closes for the weekend: it opens again in 49 hours, on the minute.
    const start = testApp.clock.now().getTime();
    const opens = Math.floor((start + 49 * HOUR) / MINUTE) * MINUTE;
    await bots.note(investment._id, closedUntil(opens), opens);
    // The bot restarted in the middle says it again: the same pause, from the same start.
    testApp.clock.advance(HOUR);
    await bots.note(investment._id, closedUntil(opens), opens);
    await alertsService.settled();
    const [pause] = await testApp.database.db.select().from(marketPauses);
    expect(pause?.since.getTime()).toBe(start);
    expect(pause?.reopensAt?.getTime()).toBe(opens);

    // The calendar explains the closure, far longer than two hours, and the first half hour past it.
    testApp.clock.advance(40 * HOUR);
    expect(await alertsService.checkPauses()).toBe(0);
    testApp.clock.advance(opens + 29 * MINUTE - testApp.clock.now().getTime());
    expect(await alertsService.checkPauses()).toBe(0);

    testApp.clock.advance(2 * MINUTE);
    expect(await alertsService.checkPauses()).toBe(1);
    expect(await alertsService.checkPauses()).toBe(0);
    expect(await deliverAll(testApp)).toBe(1);
    const list = await listAlerts(testApp, investment);
    expect(list.alerts).toHaveLength(1);
    expect(list.alerts[0]).toMatchObject({ kind: 'market-paused', read: false });
    // 2 days, 1 hour and 30 minutes from a start between two minutes to half an hour past a reopening on the minute.
    expect(list.alerts[0]!.message).toMatch(
      /è in pausa da 2 giorni, 1 ora e 3[01] minuti, oltre la riapertura che il calendario del mercato prevedeva \(\w{3} \d{2}\/\d{2}, \d{2}:\d{2} UTC\)\./,
    );
    expect(list.alerts[0]!.message).toContain('Mercato GOLD chiuso su Capital.com');
    expect(testApp.mailer.sent.map((mail) => mail.subject)).toEqual([
      'Avviso: Bot in pausa oltre il previsto',
    ]);

    // A restart over the same database, an hour later: the same pause is not told again.
    const restarted = await createTestApp({ database: testApp.database, clock: testApp.clock });
    testApp.clock.advance(HOUR);
    expect(await restarted.app.services.alerts.checkPauses()).toBe(0);
    expect(await deliverAll(restarted)).toBe(0);
    expect(await testApp.database.db.select().from(alerts)).toHaveLength(1);

    // The market opens again: the pause is over.
    await restarted.app.services.bots.note(investment._id, null);
    await restarted.app.services.alerts.settled();
    expect(await testApp.database.db.select().from(marketPauses)).toHaveLength(0);
  });

  it('tells of a pause the calendar does not explain after two hours, and only when asked', async () => {
    const testApp = await createTestApp();
    const { invest } = await demoInvestor(testApp);
    const investment = await invest();
    const { bots, alerts: alertsService } = testApp.app.services;

    await bots.note(investment._id, BOT_MESSAGES.brokerDown('timeout'));
    testApp.clock.advance(2 * HOUR - MINUTE);
    expect(await alertsService.checkPauses()).toBe(0);
    testApp.clock.advance(MINUTE);
    expect(await alertsService.checkPauses()).toBe(1);
    const [alert] = (await listAlerts(testApp, investment)).alerts;
    expect(alert!.message).toContain('è in pausa da 2 ore senza che il calendario del mercato lo spieghi');
    expect(alert!.message).toContain('Il broker non risponde (timeout)');

    // It trades again, then pauses anew with the alert turned off: nothing.
    await bots.note(investment._id, null);
    const saved = await testApp.call<{ settings: AlertSettings }>({
      ...requestOf(API.alerts.saveSettings, { id: investment._id }),
      token: (await login(testApp, investment.account.owner)).jwt,
      payload: alertSettingsForm({ onMarketPaused: false }),
    });
    expect(saved.body.data.settings.onMarketPaused).toBe(false);
    await bots.note(investment._id, BOT_MESSAGES.brokerDown('timeout'));
    testApp.clock.advance(3 * HOUR);
    expect(await alertsService.checkPauses()).toBe(0);
    expect((await listAlerts(testApp, investment)).alerts).toHaveLength(1);
  });

  it('forgets the pause of a bot that stopped, and refuses a setting that is not a yes or no', async () => {
    const testApp = await createTestApp();
    const { invest } = await demoInvestor(testApp);
    const investment = await invest();
    const { bots, alerts: alertsService } = testApp.app.services;
    const { db } = testApp.database;

    await bots.note(investment._id, BOT_MESSAGES.awaitingOutcome);
    await alertsService.settled();
    // Stopped by its owner while it waited (the stop clears the reason): no pause to tell of.
    await db
      .update(investments)
      .set({ isRunning: 0, statusMessage: null })
      .where(eq(investments.id, investment._id));
    testApp.clock.advance(5 * HOUR);
    expect(await alertsService.checkPauses()).toBe(0);
    expect(await db.select().from(marketPauses)).toHaveLength(0);

    const refused = await testApp.call({
      ...requestOf(API.alerts.saveSettings, { id: investment._id }),
      token: (await login(testApp, investment.account.owner)).jwt,
      payload: alertSettingsForm({ onMarketPaused: 'sì' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ok: false, error: ALERT_MESSAGES.choiceInvalid });
    expect(await db.select().from(alertSettings)).toHaveLength(0);
  });
});
