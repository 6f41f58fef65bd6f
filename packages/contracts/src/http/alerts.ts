// Alerts (issue 36, point 4): what an investment's owner is told, and how.
//   GET   /api/common/investments/:id/alert-settings   the investment's choices (defaults if never saved)
//   PATCH /api/common/investments/:id/alert-settings   saves them; a new webhook's secret is answered once
//   GET   /api/common/alerts                            the caller's alerts, newest first, with the unread count
//   GET   /api/common/alerts/unread                     the unread count alone (the top bar's bell)
//   PATCH /api/common/alerts/read                       marks the given alerts, or all, as read
// Owner or admin on an investment's settings, as every other call on investments; the alerts list
// is the caller's own. Events: the bot stops with an error (state 2, on by default, by e-mail), a
// fill (opt-in), the drawdown past a limit (optionally stopping the bot), a bot paused past its
// market's calendar (on by default: MARKET_PAUSE_GRACE_MS), the live result drifting from the
// backtest of the same period past a share of the capital (off by default: DRIFT_CHECK_MS). Each
// is delivered by e-mail and, if set, to a webhook: an HTTPS POST whose body is signed with HMAC-SHA256.
import * as z from 'zod';
import { endpoint } from './endpoint';
import { investmentParamsSchema } from './investments';

export const ALERT_MESSAGES = {
  drawdownRange: 'Il limite di drawdown deve essere maggiore di 0 e al massimo 100%.',
  driftRange: 'Lo scostamento dal backtest deve essere maggiore di 0 e al massimo 100% del capitale.',
  choiceInvalid: 'Scelta degli avvisi non valida: attiva o disattiva.',
  webhookInvalid: 'Indirizzo del webhook non valido.',
  webhookHttps: 'Il webhook deve essere un indirizzo HTTPS.',
  webhookBlocked:
    "Il webhook punta a un indirizzo privato, di loopback o link-local: non è consentito senza l'autorizzazione di un amministratore.",
  webhookUnresolved: 'Il nome del webhook non si risolve in alcun indirizzo.',
  saved: 'Impostazioni degli avvisi salvate!',
  saveError: 'Errore nel salvataggio degli avvisi',
  secretOnce: 'Copia ora il segreto del webhook: non verrà più mostrato.',
  readError: "Errore durante l'aggiornamento degli avvisi",
  settingsTitle: 'Avvisi',
  listTitle: 'Avvisi',
  empty: 'Nessun avviso',
  markAllRead: 'Segna tutti come letti',
  deliveryFailed: 'Consegna non riuscita',
} as const;

/** The events an alert is raised for. */
export const ALERT_KINDS = ['bot-error', 'fill', 'drawdown', 'market-paused', 'drift'] as const;
export const alertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKindSchema>;

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  'bot-error': 'Bot fermato per errore',
  fill: 'Ordine eseguito',
  drawdown: 'Drawdown oltre il limite',
  'market-paused': 'Bot in pausa oltre il previsto',
  drift: 'Scostamento dal backtest',
};

/**
 * A paused bot is told of this long after its market's calendar said it would open again (the
 * reopening in the pause's reason), or, when the calendar does not explain the pause (a broker
 * that does not answer, a market closed with no reopening known), this long after it began.
 */
export const MARKET_PAUSE_GRACE_MS = { pastReopening: 30 * 60_000, unexplained: 2 * 3_600_000 } as const;
/** How often the server looks for such pauses. */
export const MARKET_PAUSE_CHECK_MS = 60_000;

/**
 * How often the server runs each watched investment's grid again over the prices its bot traded
 * on (from its start) and compares the result with what the bot booked.
 */
export const DRIFT_CHECK_MS = 5 * 60_000;
/**
 * A drift episode ends once the gap is back under this share of the limit: a gap wavering around
 * the limit is one episode, one alert, not one per check.
 */
export const DRIFT_EPISODE_END_SHARE = 0.5;

export const ALERT_CHANNELS = ['email', 'webhook'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** A webhook call is given this long to answer before it counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Waits between a delivery's attempts (the job queue's back-off); after the last one it is a dead letter. */
export const ALERT_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000] as const;

/** The header of a webhook call carrying `sha256=` and the hex HMAC-SHA256 of the raw body under the secret. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-signature';
/** The header naming the alert, the same on every attempt: a receiver that saw it already may drop the call. */
export const WEBHOOK_ALERT_ID_HEADER = 'x-alert-id';

/** A percent in (0, 100], refused with the field's own message. */
const percentLimit = (message: string) => z.number({ error: message }).gt(0, message).max(100, message);

/** The URL as typed ('' or null: none): its scheme and its address are checked again by the server, at saving and at sending. */
const webhookUrl = z
  .string({ error: ALERT_MESSAGES.webhookInvalid })
  .trim()
  .max(2000, ALERT_MESSAGES.webhookInvalid)
  .nullable()
  .transform((value) => value || null)
  .pipe(z.url({ error: ALERT_MESSAGES.webhookInvalid }).nullable());

export const alertSettingsFormSchema = z.object({
  /** E-mail to the investment's owner. */
  email: z.boolean(),
  /** Empty or null: no webhook. */
  webhookUrl,
  /** A new secret even though the webhook stays the same (the old one stops signing). */
  regenerateSecret: z.boolean().optional().default(false),
  onBotError: z.boolean(),
  onFill: z.boolean(),
  /** Percent of the investment's peak equity; null: no limit. */
  drawdownLimitPct: percentLimit(ALERT_MESSAGES.drawdownRange).nullable(),
  /** Stop the bot (state 0, positions left open) when the limit is passed. */
  drawdownStop: z.boolean(),
  /** Tell when the bot stays paused past its market's calendar (MARKET_PAUSE_GRACE_MS). */
  onMarketPaused: z.boolean({ error: ALERT_MESSAGES.choiceInvalid }),
  /**
   * Percent of the investment's capital: tell when the bot's result (closed cycles plus the open
   * one at the last price) is this far, up or down, from the backtest of the same period on the
   * same prices; null: not watched.
   */
  driftLimitPct: percentLimit(ALERT_MESSAGES.driftRange).nullable(),
});
export type AlertSettingsForm = z.input<typeof alertSettingsFormSchema>;
export type AlertSettingsInput = z.output<typeof alertSettingsFormSchema>;

export const alertSettingsSchema = z.object({
  investmentId: z.string(),
  email: z.boolean(),
  webhookUrl: z.string().nullable(),
  onBotError: z.boolean(),
  onFill: z.boolean(),
  drawdownLimitPct: z.number().nullable(),
  drawdownStop: z.boolean(),
  onMarketPaused: z.boolean(),
  driftLimitPct: z.number().nullable(),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const alertSettingsSavedSchema = z.object({
  settings: alertSettingsSchema,
  /** The webhook's signing secret, only in the answer that created it: it is never shown again. */
  webhookSecret: z.string().nullable(),
});
export type AlertSettingsSaved = z.infer<typeof alertSettingsSavedSchema>;

export const DEFAULT_ALERT_SETTINGS: Omit<AlertSettings, 'investmentId'> = {
  email: true,
  webhookUrl: null,
  onBotError: true,
  onFill: false,
  drawdownLimitPct: null,
  drawdownStop: false,
  onMarketPaused: true,
  driftLimitPct: null,
};

export const alertDeliverySchema = z.object({
  channel: z.enum(ALERT_CHANNELS),
  /** pending (queued or being retried), sent, or failed (a dead letter: every attempt failed). */
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number(),
  error: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;

export const alertSchema = z.object({
  _id: z.string(),
  investmentId: z.string().nullable(),
  kind: alertKindSchema,
  message: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  deliveries: z.array(alertDeliverySchema),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListSchema = z.object({ alerts: z.array(alertSchema), unread: z.number() });
export type AlertList = z.infer<typeof alertListSchema>;

export const alertUnreadSchema = z.object({ unread: z.number() });

/** ids: those alerts; none: every alert of the caller. */
export const alertsReadSchema = z.object({
  ids: z.array(z.uuid(ALERT_MESSAGES.readError)).max(500).optional(),
});
export type AlertsReadInput = z.infer<typeof alertsReadSchema>;

/** The body of a webhook call: what happened, to which investment, when. */
export interface AlertWebhookBody {
  id: string;
  kind: AlertKind;
  investmentId: string | null;
  message: string;
  createdAt: string;
  data: Record<string, unknown>;
}

/** The poll of the unread count while the dashboard is open. */
export const ALERT_POLL_MS = 15_000;

export const ALERTS_API = {
  settings: endpoint({
    method: 'GET',
    path: '/api/common/investments/:id/alert-settings',
    access: 'signed-in',
    summary: "An investment's alert choices (the defaults when never saved).",
    params: investmentParamsSchema,
    response: alertSettingsSchema,
  }),
  saveSettings: endpoint({
    method: 'PATCH',
    path: '/api/common/investments/:id/alert-settings',
    access: 'signed-in',
    summary: "Saves an investment's alert choices; a new webhook's signing secret is answered this once.",
    params: investmentParamsSchema,
    body: alertSettingsFormSchema,
    response: alertSettingsSavedSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/common/alerts',
    access: 'signed-in',
    summary: "The caller's alerts, newest first, with their deliveries and the unread count.",
    response: alertListSchema,
  }),
  unread: endpoint({
    method: 'GET',
    path: '/api/common/alerts/unread',
    access: 'signed-in',
    summary: "How many of the caller's alerts are unread.",
    response: alertUnreadSchema,
  }),
  markRead: endpoint({
    method: 'PATCH',
    path: '/api/common/alerts/read',
    access: 'signed-in',
    summary: 'Marks the given alerts of the caller, or all of them, as read; answers the unread count left.',
    body: alertsReadSchema,
    response: alertUnreadSchema,
  }),
};
