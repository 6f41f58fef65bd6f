// Alerts (issue 36, point 4). An owner chooses per investment what to be told (a bot stopped with
// an error, on by default; fills, opt-in; the drawdown past a limit, optionally stopping the bot)
// and a bot paused past its market's calendar, on by default) and how (e-mail, on by default; a
// webhook). The bots' side reports events through the BotEvents
// port; each is recorded once under a key naming the event, with one delivery job per channel in
// the same transaction, so a second report, or one after a restart, records and sends nothing.
// The deliveries run on the alerts' own job runner (jobs/handlers/alert-delivery.handler.ts).
// Pauses are kept as they begin and end; checkPauses(), every minute, tells of those past due.
// checkDrift(), every DRIFT_CHECK_MS, runs the engine over each watched investment's prices and
// tells of a live result strayed from the backtest past its limit, once per episode.
import { randomUUID } from 'node:crypto';
import {
  ALERT_KIND_LABELS,
  DEFAULT_ALERT_SETTINGS,
  type Alert,
  type AlertChannel,
  type AlertKind,
  type AlertList,
  type AlertSettings,
  type AlertSettingsInput,
  type AlertSettingsSaved,
  type AlertWebhookBody,
} from '@platform/contracts';
import type { AlertDeliveryRow, AlertRow, AlertSettingsRow } from '@platform/db';
import type { AtRestCipher } from '../../lib/crypto';
import { badRequest } from '../../lib/errors';
import type { RequestOrigin } from '../../lib/http';
import type { MailMessage } from '../../lib/mailer';
import { cellOf, SEALED_COLUMNS } from '../../lib/sealed-columns';
import type { BotEvents } from '../bots/bot-events';
import type { InvestmentsService } from '../investments/investments.service';
import type { AuditTrail } from '../logs/logs.service';
import { ALERT_TEXTS } from './alert-texts';
import type { AlertsRepository, InvestmentFacts } from './alerts.repository';
import { drawdownOf } from './drawdown';
import { driftStanding } from './drift';
import type { DriftMeter } from './drift-meter';
import { calendarReopening, pauseIsOverdue, pauseLength } from './market-pause';
import { WebhookAddressError, type WebhookAddressPolicy } from './webhook-address';
import type { WebhookCall } from './webhook-client';
import { newWebhookSecret } from './webhook-signature';
import type { Viewer } from '../../lib/policy';
import type { Logger } from '../../lib/logger';

export interface AlertsServiceDeps {
  repository: AlertsRepository;
  investments: Pick<InvestmentsService, 'get'>;
  /** Encrypts the webhooks' secrets at rest ('webhook-secrets'). */
  cipher: AtRestCipher;
  policy: WebhookAddressPolicy;
  audit: AuditTrail;
  /** Wakes the alerts' runner: a delivery was queued. */
  notifyQueued: () => void;
  /** Tells the bot supervisor that an investment stopped (the drawdown's stop). */
  investmentStopped: (investmentId: string) => void;
  /** Base URL of the dashboard link in mails. */
  publicUrl: string;
  logger: Pick<Logger, 'error'>;
  /** Milliseconds of the clock the settings' cache ages by. */
  now: () => number;
  /** Runs the engine over watched investments' prices beside what their bots booked. */
  drift: Pick<DriftMeter, 'measure'>;
}

/** The alerts list shows the latest ones. */
const LIST_LIMIT = 100;

/**
 * How long an investment's settings are reused for its bot's events: fills and closed cycles come
 * many a minute, and a query each would take the database from the bots' own writes. A save in
 * this process replaces them at once; another server's save shows within this time.
 */
const SETTINGS_TTL_MS = 15_000;

type Settings = Omit<AlertSettings, 'investmentId'>;

const settingsOf = (row: AlertSettingsRow | undefined): Settings =>
  row
    ? {
        email: row.email,
        webhookUrl: row.webhookUrl,
        onBotError: row.onBotError,
        onFill: row.onFill,
        drawdownLimitPct: row.drawdownLimitPct,
        drawdownStop: row.drawdownStop,
        onMarketPaused: row.onMarketPaused,
        driftLimitPct: row.driftLimitPct,
      }
    : DEFAULT_ALERT_SETTINGS;

function toAlert(alert: AlertRow, deliveries: AlertDeliveryRow[]): Alert {
  return {
    _id: alert.id,
    investmentId: alert.investmentId,
    kind: alert.kind,
    message: alert.message,
    createdAt: alert.createdAt.toISOString(),
    read: alert.readAt !== null,
    deliveries: deliveries.map((delivery) => ({
      channel: delivery.channel,
      status: delivery.isCompleted === 2 ? 'sent' : delivery.isCompleted === 3 ? 'failed' : 'pending',
      attempts: delivery.attempts,
      error: delivery.error,
    })),
  };
}

const cents = (value: number) => Math.round(value * 100) / 100;

const nullableDate = (ms: number | null) => (ms === null ? null : new Date(ms));

const investmentLabel = (facts: InvestmentFacts) => `${facts.accountId} · ${facts.algorithmName}`;

export class AlertsService implements BotEvents {
  /** Event work under way (the bots do not wait for it); settled() waits for it. */
  private readonly pending = new Set<Promise<void>>();
  private readonly cached = new Map<string, { row: AlertSettingsRow | undefined; at: number }>();
  /** Each investment's pause reports, written in the order the bot made them. */
  private readonly pauseWrites = new Map<string, Promise<void>>();

  constructor(private readonly deps: AlertsServiceDeps) {}

  async settings(viewer: Viewer, investmentId: string): Promise<AlertSettings> {
    await this.deps.investments.get(viewer, investmentId);
    return { investmentId, ...settingsOf(await this.deps.repository.findSettings(investmentId)) };
  }

  async saveSettings(
    viewer: Viewer,
    investmentId: string,
    input: AlertSettingsInput,
    origin: RequestOrigin,
  ): Promise<AlertSettingsSaved> {
    await this.deps.investments.get(viewer, investmentId);
    if (input.webhookUrl) {
      try {
        await this.deps.policy.check(input.webhookUrl);
      } catch (error) {
        if (error instanceof WebhookAddressError) throw badRequest(error.message);
        throw error;
      }
    }
    const current = await this.deps.repository.findSettings(investmentId);
    const id = current?.id ?? randomUUID();
    // A secret is made when a webhook is first set (or asked anew), and shown only in this answer.
    const keepsSecret =
      input.webhookUrl !== null &&
      current?.webhookSecretEncrypted &&
      current.webhookUrl &&
      !input.regenerateSecret;
    const secret = input.webhookUrl !== null && !keepsSecret ? newWebhookSecret() : null;
    const secretEncrypted = keepsSecret
      ? (current?.webhookSecretEncrypted ?? null)
      : secret && this.deps.cipher.encrypt(secret, cellOf(SEALED_COLUMNS.webhookSecret, id));
    this.cached.delete(investmentId);
    const row = await this.deps.repository.saveSettings(id, investmentId, {
      email: input.email,
      webhookUrl: input.webhookUrl,
      webhookSecretEncrypted: secretEncrypted,
      onBotError: input.onBotError,
      onFill: input.onFill,
      drawdownLimitPct: input.drawdownLimitPct,
      drawdownStop: input.drawdownLimitPct !== null && input.drawdownStop,
      onMarketPaused: input.onMarketPaused,
      driftLimitPct: input.driftLimitPct,
    });
    this.cached.set(investmentId, { row, at: this.deps.now() });
    await this.deps.audit.record({
      action: 'ALERT_SETTINGS_UPDATED',
      description: 'Impostazioni degli avvisi aggiornate',
      userId: viewer.id,
      origin,
      metadata: { investmentId, ...settingsOf(row), webhookSecretCreated: secret !== null },
    });
    return { settings: { investmentId, ...settingsOf(row) }, webhookSecret: secret };
  }

  async list(viewer: Viewer): Promise<AlertList> {
    const rows = await this.deps.repository.list(viewer.id, LIST_LIMIT);
    return {
      alerts: rows.map(({ alert, deliveries }) => toAlert(alert, deliveries)),
      unread: await this.deps.repository.unread(viewer.id),
    };
  }

  unread(viewer: Viewer): Promise<number> {
    return this.deps.repository.unread(viewer.id);
  }

  markRead(viewer: Viewer, ids: readonly string[] | undefined): Promise<void> {
    return this.deps.repository.markRead(viewer.id, ids);
  }

  // The bots' events (BotEvents): recorded in the background, failures logged, never thrown at a bot.

  halted(investmentId: string, at: Date, reason: string): void {
    this.track(async () => {
      const settings = settingsOf(await this.eventSettings(investmentId));
      if (!settings.onBotError) return;
      await this.raise(
        investmentId,
        settings,
        'bot-error',
        `bot-error:${investmentId}:${at.toISOString()}`,
        (facts) => ({
          message: ALERT_TEXTS.botError(investmentLabel(facts), reason),
          data: { reason, failedAt: at.toISOString() },
        }),
      );
    });
  }

  filled(investmentId: string, orderId: string, fillPrice: number): void {
    this.track(async () => {
      const row = await this.eventSettings(investmentId);
      if (!row?.onFill) return;
      await this.raise(investmentId, settingsOf(row), 'fill', `fill:${orderId}`, (facts) => ({
        message: ALERT_TEXTS.fill(investmentLabel(facts), facts.market, fillPrice),
        data: { orderId, fillPrice, market: facts.market },
      }));
    });
  }

  cycleClosed(investmentId: string): void {
    this.track(async () => {
      const row = await this.eventSettings(investmentId);
      const limit = row?.drawdownLimitPct;
      if (!row || limit === null || limit === undefined) return;
      const facts = await this.deps.repository.investmentFacts(investmentId);
      if (!facts) return;
      const drawdown = drawdownOf(facts.capital, await this.deps.repository.closedCycles(investmentId));
      if (drawdown.pct < limit) return;
      const stops = row.drawdownStop;
      // One alert per fall from a peak: the same episode past the same limit is the same event.
      const key = `drawdown:${investmentId}:${drawdown.peakCycleId ?? 'start'}:${limit}`;
      const pct = Math.round(drawdown.pct * 100) / 100;
      const recorded = await this.raise(investmentId, settingsOf(row), 'drawdown', key, () => ({
        message: ALERT_TEXTS.drawdown(investmentLabel(facts), pct, limit, stops),
        data: { drawdownPct: pct, limitPct: limit, stopped: stops },
      }));
      if (!recorded || !stops) return;
      if (await this.deps.repository.stop(investmentId, ALERT_TEXTS.drawdownStopped(pct, limit))) {
        this.deps.investmentStopped(investmentId);
        await this.deps.audit.record({
          action: 'BOT_DRAWDOWN_STOP',
          description: ALERT_TEXTS.drawdownStopped(pct, limit),
          userId: facts.ownerId,
          metadata: { investmentId, drawdownPct: pct, limitPct: limit },
        });
      }
    });
  }

  paused(investmentId: string, at: Date, reason: string | null, reopensAt: number | null): void {
    const previous = this.pauseWrites.get(investmentId) ?? Promise.resolve();
    const write = previous.then(() =>
      reason === null
        ? this.deps.repository.pauseEnded(investmentId)
        : this.deps.repository.pauseStarted(investmentId, reason, at, nullableDate(reopensAt)),
    );
    const settledWrite = write.catch(() => undefined);
    this.pauseWrites.set(investmentId, settledWrite);
    void settledWrite.then(() => {
      if (this.pauseWrites.get(investmentId) === settledWrite) this.pauseWrites.delete(investmentId);
    });
    this.track(() => write);
  }

  /**
   * Tells of each pause that outlasted what its market's calendar explains (market-pause.ts), once:
   * the pause's start names the event, so another check, another server or a restart sends nothing
   * again. Answers how many alerts it recorded.
   */
  async checkPauses(): Promise<number> {
    await this.settled();
    const now = this.deps.now();
    let recorded = 0;
    for (const pause of await this.deps.repository.pauses()) {
      const facts = { since: pause.since.getTime(), reopensAt: pause.reopensAt?.getTime() ?? null };
      if (!pauseIsOverdue(facts, now)) continue;
      const settings = settingsOf(await this.eventSettings(pause.investmentId));
      if (!settings.onMarketPaused) continue;
      const length = pauseLength(now - facts.since);
      const reopens = calendarReopening(facts);
      const reopening = reopens === null ? null : new Date(reopens);
      const isNew = await this.raise(
        pause.investmentId,
        settings,
        'market-paused',
        `market-paused:${pause.investmentId}:${pause.since.toISOString()}`,
        (investment) => ({
          message: ALERT_TEXTS.marketPaused(investmentLabel(investment), length, pause.reason, reopening),
          data: {
            reason: pause.reason,
            pausedSince: pause.since.toISOString(),
            expectedReopening: reopening?.toISOString() ?? null,
          },
        }),
      );
      if (isNew) recorded++;
    }
    return recorded;
  }

  /**
   * Tells of each watched investment whose live result is past its limit from the backtest of
   * the same period (drift.ts), once per episode: the episode's start and the limit name the
   * event, so another check, another server or a restart sends nothing again, and the episode
   * ends only once the gap is back well under the limit. Answers how many alerts it recorded.
   */
  async checkDrift(): Promise<number> {
    const watched = await this.deps.repository.driftWatched();
    const now = this.deps.now();
    const drifts = await this.deps.drift.measure(watched, now);
    let recorded = 0;
    for (const watch of watched) {
      const drift = drifts.get(watch.investmentId);
      if (!drift) continue;
      const { limitPct } = watch;
      const standing = driftStanding(drift.gapPct, limitPct);
      if (standing === 'back') await this.deps.repository.driftEnded(watch.investmentId);
      if (standing !== 'past') continue;
      const since = await this.deps.repository.driftStarted(watch.investmentId, new Date(now));
      const money = {
        gapEur: cents(drift.gapEur),
        liveEur: cents(drift.liveEur),
        backtestEur: cents(drift.backtestEur),
      };
      const gapPct = Math.round(drift.gapPct * 100) / 100;
      const isNew = await this.raise(
        watch.investmentId,
        settingsOf(watch.settings),
        'drift',
        `drift:${watch.investmentId}:${since.toISOString()}:${limitPct}`,
        (facts) => ({
          message: ALERT_TEXTS.drift(investmentLabel(facts), { ...money, gapPct, limitPct }),
          data: {
            ...money,
            gapPct,
            limitPct,
            asOf: new Date(drift.asOf).toISOString(),
            driftSince: since.toISOString(),
          },
        }),
      );
      if (isNew) recorded++;
    }
    return recorded;
  }

  /** Resolves once the events reported so far are recorded (tests; a shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  // What the delivery job reads and writes.

  findDelivery(id: string) {
    return this.deps.repository.delivery(id);
  }

  delivered(id: string, worker: string): Promise<void> {
    return this.deps.repository.completeDelivery(id, worker);
  }

  mailOf(alert: AlertRow, to: string): MailMessage {
    const link = `${this.deps.publicUrl}/dashboard?view=investments`;
    return {
      to,
      subject: `Avviso: ${ALERT_KIND_LABELS[alert.kind]}`,
      text: `${alert.message}\n\n${ALERT_TEXTS.mailFooter}\n${link}\n`,
    };
  }

  /** The webhook call of an alert, or null when the investment no longer has a webhook. */
  webhookCallOf(
    alert: AlertRow,
    webhook: { settingsId: string | null; webhookUrl: string | null; webhookSecretEncrypted: string | null },
  ): WebhookCall | null {
    if (!webhook.settingsId || !webhook.webhookUrl || !webhook.webhookSecretEncrypted) return null;
    const secret = this.deps.cipher.decrypt(
      webhook.webhookSecretEncrypted,
      cellOf(SEALED_COLUMNS.webhookSecret, webhook.settingsId),
    );
    const body: AlertWebhookBody = {
      id: alert.id,
      kind: alert.kind,
      investmentId: alert.investmentId,
      message: alert.message,
      createdAt: alert.createdAt.toISOString(),
      data: alert.data,
    };
    return { url: webhook.webhookUrl, alertId: alert.id, body: JSON.stringify(body), secret };
  }

  /** Records the event with a delivery per chosen channel; answers whether it was new. */
  private async raise(
    investmentId: string,
    settings: Settings,
    kind: AlertKind,
    eventKey: string,
    describe: (facts: InvestmentFacts) => { message: string; data: Record<string, unknown> },
  ): Promise<boolean> {
    const facts = await this.deps.repository.investmentFacts(investmentId);
    if (!facts) return false;
    const channels: AlertChannel[] = [];
    if (settings.email) channels.push('email');
    if (settings.webhookUrl) channels.push('webhook');
    const id = await this.deps.repository.record(
      { userId: facts.ownerId, investmentId, kind, eventKey, ...describe(facts) },
      channels,
    );
    if (id && channels.length > 0) this.deps.notifyQueued();
    return id !== null;
  }

  private async eventSettings(investmentId: string): Promise<AlertSettingsRow | undefined> {
    const now = this.deps.now();
    const hit = this.cached.get(investmentId);
    if (hit && now - hit.at < SETTINGS_TTL_MS) return hit.row;
    const row = await this.deps.repository.findSettings(investmentId);
    this.cached.set(investmentId, { row, at: now });
    return row;
  }

  private track(work: () => Promise<void>): void {
    const running = work()
      .catch((error: unknown) => this.deps.logger.error({ err: error }, 'alert not recorded'))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }
}
