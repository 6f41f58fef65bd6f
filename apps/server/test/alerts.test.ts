// Alerts (issue 36, point 4): a bot that stops with an error on Capital.com (the fake, wrong
// credentials) is told to its owner once by e-mail (the outbox mailer, real .eml files) and once
// by a signed webhook call to a receiver on loopback, which the admin's allow-list
// (ALERT_WEBHOOK_ALLOW) lets the server reach over plain HTTP; a restart in between sends nothing
// twice. A webhook that answers 500 or hangs is retried, then shown as a dead letter, and holds
// neither the bot nor the backtests' queue. Bad settings are refused with the user's message.
import {
  ALERT_MESSAGES,
  INVESTMENT_FAILED,
  INVESTMENT_RUNNING,
  INVESTMENT_STOPPED,
  WEBHOOK_ALERT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  requestOf,
  type AlertList,
  type AlertSettings,
  type AlertSettingsSaved,
  type Investment,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { alertDeliveries, alerts, investments, transactions, users } from '@platform/db';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createOutboxMailer } from '../src/lib/mailer';
import { verifySignature } from '../src/modules/alerts/webhook-signature';
import { liveBots } from './support/capital/live-bots';
import { demoInvestor } from './support/demo-investor';
import { createUser, login } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';
import { alertSettingsForm } from './support/alert-settings-form';

interface ReceivedCall {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that answers as the test says (200 by default, or never). */
async function startReceiver(answer: (response: ServerResponse) => void = (response) => response.end('ok')) {
  const calls: ReceivedCall[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { calls, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

async function tempOutbox() {
  const dir = await mkdtemp(join(tmpdir(), 'alerts-outbox-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const silent = { info: () => undefined };
  return { dir, mailer: createOutboxMailer(dir, 'Trading Platform <no-reply@platform.test>', silent) };
}

const saveSettings = (
  testApp: TestApp,
  token: string,
  investmentId: string,
  payload: Record<string, unknown>,
) =>
  testApp.call<AlertSettingsSaved>({
    ...requestOf(API.alerts.saveSettings, { id: investmentId }),
    token,
    payload,
  });

const listAlerts = async (testApp: TestApp, token: string) =>
  (await testApp.call<AlertList>({ ...requestOf(API.alerts.list), token })).body.data;

/** Runs the alerts' runner until no delivery is due. */
async function deliverAll(testApp: TestApp): Promise<number> {
  let runs = 0;
  while (await testApp.app.services.alertRunner.runOnce()) runs++;
  return runs;
}

describe.runIf(process.env.TEST_DB !== 'postgres')('alerts of a bot on Capital.com', () => {
  it('tells of a bot stopped by wrong credentials once by e-mail and once by a signed webhook, across a restart', async () => {
    const receiver = await startReceiver();
    const outbox = await tempOutbox();
    const allow = { alertWebhookAllow: ['127.0.0.1'] };
    const bots = await liveBots({
      markets: ['GOLD'],
      password: 'not-the-password',
      app: { mailer: outbox.mailer, ...allow },
    });
    const investmentId = bots.investments.get('GOLD')!;
    const saved = await saveSettings(
      bots.testApp,
      bots.ownerToken,
      investmentId,
      alertSettingsForm({ webhookUrl: receiver.url }),
    );
    expect(saved.status).toBe(200);
    const secret = saved.body.data.webhookSecret!;
    expect(secret).toMatch(/^whsec_/);

    await bots.runBot('GOLD');
    const { db } = bots.testApp.database;
    const state = async () =>
      (await db.select().from(investments).where(eq(investments.id, investmentId)))[0]?.isRunning;
    expect(await state()).toBe(INVESTMENT_FAILED);
    await bots.testApp.app.services.alerts.settled();
    // Recorded with its two deliveries queued; nothing sent before the runner takes them.
    expect(await db.select().from(alertDeliveries)).toHaveLength(2);
    expect(receiver.calls).toHaveLength(0);

    // A restart: another server over the same database takes the queued deliveries.
    const restarted = await createTestApp({
      database: bots.testApp.database,
      encryptionKey: bots.encryptionKey,
      mailer: outbox.mailer,
      ...allow,
    });
    expect(await deliverAll(restarted)).toBe(2);
    // The bot started again finds its investment failed and stops without a second halt; a halt
    // reported again (the supervisor's crash loop) is the same failure.
    await bots.runBot('GOLD');
    await restarted.app.services.bots.halt(investmentId, 'di nuovo');
    await restarted.app.services.alerts.settled();
    await bots.testApp.app.services.alerts.settled();
    expect(await deliverAll(restarted)).toBe(0);
    expect(await deliverAll(bots.testApp)).toBe(0);

    const mails = await readdir(outbox.dir);
    expect(mails).toHaveLength(1);
    const mail = await readFile(join(outbox.dir, mails[0]!), 'utf8');
    expect(mail).toContain('Subject: Avviso: Bot fermato per errore');
    expect(mail).toMatch(/To: [^\n]*@/);

    expect(receiver.calls).toHaveLength(1);
    const [call] = receiver.calls;
    expect(verifySignature(call!.body, secret, call!.headers[WEBHOOK_SIGNATURE_HEADER] as string)).toBe(true);
    expect(
      verifySignature(call!.body, 'whsec_another', call!.headers[WEBHOOK_SIGNATURE_HEADER] as string),
    ).toBe(false);
    const body = JSON.parse(call!.body) as {
      id: string;
      kind: string;
      investmentId: string;
      message: string;
    };
    expect(body).toMatchObject({ kind: 'bot-error', investmentId });
    expect(call!.headers[WEBHOOK_ALERT_ID_HEADER]).toBe(body.id);

    const list = await listAlerts(bots.testApp, bots.ownerToken);
    expect(list.unread).toBe(1);
    expect(list.alerts).toHaveLength(1);
    expect(list.alerts[0]!.message).toContain('si è fermato per un errore');
    expect(list.alerts[0]!.deliveries.map((delivery) => [delivery.channel, delivery.status])).toEqual([
      ['email', 'sent'],
      ['webhook', 'sent'],
    ]);
  });
});

describe('alerts', () => {
  it('retries a webhook that answers 500, then shows the dead letter, while the bot and the queue go on', async () => {
    const receiver = await startReceiver((response) => {
      response.statusCode = 500;
      response.end('no');
    });
    const testApp = await createTestApp({ alertWebhookAllow: ['127.0.0.1'], alertRetryDelaysMs: [0, 0] });
    const { ownerToken, invest } = await demoInvestor(testApp);
    const investment = await invest();
    await saveSettings(
      testApp,
      ownerToken,
      investment._id,
      alertSettingsForm({ email: false, webhookUrl: receiver.url }),
    );

    // The halt returns at once: the alert is recorded beside it, the call is the runner's.
    await testApp.app.services.bots.halt(investment._id, 'Credenziali non valide');
    await testApp.app.services.alerts.settled();
    expect(receiver.calls).toHaveLength(0);
    // The backtests' runner has nothing to do with it.
    expect(await testApp.app.services.jobRunner.runOnce()).toBe(false);

    expect(await deliverAll(testApp)).toBe(3);
    expect(receiver.calls).toHaveLength(3);
    // The same alert on every attempt: a receiver that got it once may drop the rest.
    expect(new Set(receiver.calls.map((call) => call.headers[WEBHOOK_ALERT_ID_HEADER])).size).toBe(1);
    const [alert] = (await listAlerts(testApp, ownerToken)).alerts;
    expect(alert!.deliveries).toEqual([
      {
        channel: 'webhook',
        status: 'failed',
        attempts: 3,
        error: `${ALERT_MESSAGES.deliveryFailed}: HTTP 500`,
      },
    ]);
  });

  it('gives up on a webhook that never answers after its timeout, attempt after attempt', async () => {
    const receiver = await startReceiver(() => undefined);
    const testApp = await createTestApp({
      alertWebhookAllow: ['127.0.0.1'],
      alertRetryDelaysMs: [0],
      webhookTimeoutMs: 150,
    });
    const { ownerToken, invest } = await demoInvestor(testApp);
    const investment = await invest();
    await saveSettings(
      testApp,
      ownerToken,
      investment._id,
      alertSettingsForm({ email: false, webhookUrl: receiver.url }),
    );
    await testApp.app.services.bots.halt(investment._id, 'Fondi insufficienti');
    await testApp.app.services.alerts.settled();

    expect(await deliverAll(testApp)).toBe(2);
    expect(receiver.calls).toHaveLength(2);
    const [alert] = (await listAlerts(testApp, ownerToken)).alerts;
    expect(alert!.deliveries[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(alert!.deliveries[0]!.error).toContain('nessuna risposta');
  });

  it('mails a bot error by default, a fill only when asked, and marks alerts read', async () => {
    const testApp = await createTestApp();
    const { ownerToken, invest } = await demoInvestor(testApp);
    const investment = await invest();
    const { bots, alerts: alertsService } = testApp.app.services;

    // No settings saved: the defaults, and a fill tells nothing.
    const defaults = await testApp.call<AlertSettings>({
      ...requestOf(API.alerts.settings, { id: investment._id }),
      token: ownerToken,
    });
    expect(defaults.body.data).toMatchObject({
      email: true,
      onBotError: true,
      onFill: false,
      webhookUrl: null,
    });
    await bots.confirm(investment._id, randomUUID(), 'DEAL-1', 2001.5);
    await alertsService.settled();
    expect((await listAlerts(testApp, ownerToken)).alerts).toHaveLength(0);

    await saveSettings(testApp, ownerToken, investment._id, alertSettingsForm({ onFill: true }));
    const orderId = randomUUID();
    await bots.confirm(investment._id, orderId, 'DEAL-2', 2001.5);
    await bots.confirm(investment._id, orderId, 'DEAL-2', 2001.5);
    await bots.halt(investment._id, 'Credenziali non valide');
    await alertsService.settled();
    await deliverAll(testApp);

    const list = await listAlerts(testApp, ownerToken);
    expect(list.alerts.map((alert) => alert.kind).sort()).toEqual(['bot-error', 'fill']);
    expect(list.unread).toBe(2);
    expect(testApp.mailer.sent.map((mail) => mail.subject).sort()).toEqual([
      'Avviso: Bot fermato per errore',
      'Avviso: Ordine eseguito',
    ]);
    expect(testApp.mailer.sent.every((mail) => mail.to === investment.account.owner.username)).toBe(true);

    // Another user sees none of them and cannot mark them.
    const stranger = (await login(testApp, await createUser(testApp))).jwt;
    expect((await listAlerts(testApp, stranger)).alerts).toHaveLength(0);
    await testApp.call({ ...requestOf(API.alerts.markRead), token: stranger, payload: {} });
    const read = await testApp.call<{ unread: number }>({
      ...requestOf(API.alerts.markRead),
      token: ownerToken,
      payload: { ids: [list.alerts[0]!._id] },
    });
    expect(read.body.data.unread).toBe(1);
    await testApp.call({ ...requestOf(API.alerts.markRead), token: ownerToken, payload: {} });
    expect(
      (
        await testApp.call<{ unread: number }>({
          ...requestOf(API.alerts.unread),
          token: ownerToken,
        })
      ).body.data.unread,
    ).toBe(0);
  });

  it('alerts once when the drawdown passes the limit, and stops the bot when asked', async () => {
    const testApp = await createTestApp();
    const { ownerToken, invest } = await demoInvestor(testApp);
    const investment = await invest();
    await saveSettings(
      testApp,
      ownerToken,
      investment._id,
      alertSettingsForm({ drawdownLimitPct: 10, drawdownStop: true }),
    );
    const { db } = testApp.database;
    const ownerId = await ownerOf(testApp, investment);
    const closedAt = (minute: number) => new Date(Date.UTC(2026, 0, 5, 10, minute));
    const book = async (minute: number, profitLoss: number) => {
      await db.insert(transactions).values({
        investmentId: investment._id,
        userId: ownerId,
        market: 'GOLD',
        lots: 1,
        entryPrice: 2000,
        exitPrice: 2001,
        reason: 'take-profit',
        openedAt: closedAt(minute),
        closedAt: closedAt(minute),
        profitLoss,
      });
      testApp.app.services.alerts.cycleClosed(investment._id);
      await testApp.app.services.alerts.settled();
    };
    // Up to 11,000 EUR, then down 1,000 (9.09 %): under the limit.
    await book(1, 1000);
    await book(2, -1000);
    expect((await listAlerts(testApp, ownerToken)).alerts).toHaveLength(0);
    // Down 1,200 more (20 %): one alert, the bot stopped; a further loss is the same fall.
    await book(3, -1200);
    await book(4, -100);
    const list = await listAlerts(testApp, ownerToken);
    expect(list.alerts).toHaveLength(1);
    expect(list.alerts[0]!.kind).toBe('drawdown');
    expect(list.alerts[0]!.message).toContain('20%');
    const [row] = await db.select().from(investments).where(eq(investments.id, investment._id));
    expect(row?.isRunning).toBe(INVESTMENT_STOPPED);
    expect(row?.statusMessage).toContain('drawdown');
    expect(row?.isRunning).not.toBe(INVESTMENT_RUNNING);
  });

  it('refuses a drawdown limit out of range and webhooks to private, loopback or link-local addresses', async () => {
    const testApp = await createTestApp();
    const { ownerToken, invest } = await demoInvestor(testApp);
    const investment = await invest();
    const refusals: [Record<string, unknown>, string][] = [
      [{ drawdownLimitPct: -5 }, ALERT_MESSAGES.drawdownRange],
      [{ drawdownLimitPct: 0 }, ALERT_MESSAGES.drawdownRange],
      [{ drawdownLimitPct: 150 }, ALERT_MESSAGES.drawdownRange],
      [{ drawdownLimitPct: 'tanto' }, ALERT_MESSAGES.drawdownRange],
      [{ webhookUrl: 'non è un indirizzo' }, ALERT_MESSAGES.webhookInvalid],
      [{ webhookUrl: 'ftp://8.8.8.8/hook' }, ALERT_MESSAGES.webhookHttps],
      [{ webhookUrl: 'http://8.8.8.8/hook' }, ALERT_MESSAGES.webhookHttps],
      [{ webhookUrl: 'https://127.0.0.1/hook' }, ALERT_MESSAGES.webhookBlocked],
      [{ webhookUrl: 'https://10.1.2.3/hook' }, ALERT_MESSAGES.webhookBlocked],
      [{ webhookUrl: 'https://192.168.1.1/hook' }, ALERT_MESSAGES.webhookBlocked],
      [{ webhookUrl: 'https://169.254.169.254/latest/meta-data' }, ALERT_MESSAGES.webhookBlocked],
      [{ webhookUrl: 'https://[::1]/hook' }, ALERT_MESSAGES.webhookBlocked],
      [{ webhookUrl: 'https://[::ffff:127.0.0.1]/hook' }, ALERT_MESSAGES.webhookBlocked],
      [{ webhookUrl: 'https://[fe80::1]/hook' }, ALERT_MESSAGES.webhookBlocked],
      [{ webhookUrl: 'https://localhost/hook' }, ALERT_MESSAGES.webhookBlocked],
    ];
    for (const [change, message] of refusals) {
      const answer = await saveSettings(testApp, ownerToken, investment._id, alertSettingsForm(change));
      expect({ change, status: answer.status, body: answer.body }).toEqual({
        change,
        status: 400,
        body: { ok: false, error: message },
      });
    }
    // Nothing was written: the investment still has the defaults, and no secret was made.
    const stored = await testApp.call<AlertSettings>({
      ...requestOf(API.alerts.settings, { id: investment._id }),
      token: ownerToken,
    });
    expect(stored.body.data).toMatchObject({ webhookUrl: null, drawdownLimitPct: null });

    // Someone else's investment is not found, for reading and for saving.
    const stranger = (await login(testApp, await createUser(testApp))).jwt;
    expect((await saveSettings(testApp, stranger, investment._id, alertSettingsForm())).status).toBe(404);
    expect(
      (
        await testApp.call({
          ...requestOf(API.alerts.settings, { id: investment._id }),
          token: stranger,
        })
      ).status,
    ).toBe(404);
    expect(await testApp.database.db.select().from(alerts)).toHaveLength(0);
  });

  it('shows the webhook secret once, keeps it on later saves and makes a new one on request', async () => {
    const receiver = await startReceiver();
    const testApp = await createTestApp({ alertWebhookAllow: ['127.0.0.0/8'] });
    const { ownerToken, invest } = await demoInvestor(testApp);
    const investment = await invest();
    const first = await saveSettings(
      testApp,
      ownerToken,
      investment._id,
      alertSettingsForm({ webhookUrl: receiver.url }),
    );
    expect(first.body.data.webhookSecret).toMatch(/^whsec_/);
    const again = await saveSettings(
      testApp,
      ownerToken,
      investment._id,
      alertSettingsForm({ webhookUrl: receiver.url, onFill: true }),
    );
    expect(again.body.data.webhookSecret).toBeNull();
    expect(again.body.data.settings).toMatchObject({ webhookUrl: receiver.url, onFill: true });
    const renewed = await saveSettings(
      testApp,
      ownerToken,
      investment._id,
      alertSettingsForm({ webhookUrl: receiver.url, regenerateSecret: true }),
    );
    expect(renewed.body.data.webhookSecret).toMatch(/^whsec_/);
    expect(renewed.body.data.webhookSecret).not.toBe(first.body.data.webhookSecret);
    // The secret is stored encrypted, never as given.
    const stored = JSON.stringify(await testApp.database.db.execute('select * from alert_settings'));
    expect(stored).not.toContain(renewed.body.data.webhookSecret!);
  });
});

async function ownerOf(testApp: TestApp, investment: Investment): Promise<string> {
  const [row] = await testApp.database.db
    .select()
    .from(users)
    .where(eq(users.username, investment.account.owner.username));
  return row!.id;
}
