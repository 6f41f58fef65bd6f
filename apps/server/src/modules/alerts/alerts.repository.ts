// The SQL of alerts: an investment's settings, the events recorded once by their key with a
// delivery row per channel in the same transaction, the owner's list, and what a delivery job reads.
import {
  INVESTMENT_RUNNING,
  INVESTMENT_STOPPED,
  JOB_STATUS,
  type AlertChannel,
  type AlertKind,
} from '@platform/contracts';
import {
  accounts,
  alertDeliveries,
  alerts,
  alertSettings,
  algorithms,
  driftEpisodes,
  investments,
  marketPauses,
  transactions,
  users,
  type AlertDeliveryRow,
  type AlertRow,
  type AlertSettingsRow,
  type Database,
  type MarketPauseRow,
} from '@platform/db';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { withAccountOwnerAndAlgorithm } from '../investments/investment-joins';
import type { WatchedInvestment } from './drift-meter';

/** A watched investment with the settings its alert goes out with. */
export type DriftWatch = WatchedInvestment & { settings: AlertSettingsRow; limitPct: number };

export type SettingsValues = Omit<AlertSettingsRow, 'id' | 'investmentId' | 'updatedAt'>;

export interface NewAlert {
  userId: string;
  investmentId: string;
  kind: AlertKind;
  eventKey: string;
  message: string;
  data: Record<string, unknown>;
}

/** What an event's message and its delivery need to know of the investment. */
export interface InvestmentFacts {
  ownerId: string;
  ownerEmail: string;
  accountId: string;
  algorithmName: string;
  market: string;
  capital: number;
}

export class AlertsRepository {
  constructor(private readonly db: Database) {}

  async findSettings(investmentId: string): Promise<AlertSettingsRow | undefined> {
    const [row] = await this.db
      .select()
      .from(alertSettings)
      .where(eq(alertSettings.investmentId, investmentId));
    return row;
  }

  async saveSettings(id: string, investmentId: string, values: SettingsValues): Promise<AlertSettingsRow> {
    const [row] = await this.db
      .insert(alertSettings)
      .values({ id, investmentId, ...values })
      .onConflictDoUpdate({ target: alertSettings.investmentId, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    return row as AlertSettingsRow;
  }

  async investmentFacts(investmentId: string): Promise<InvestmentFacts | undefined> {
    const query = this.db
      .select({
        ownerId: users.id,
        ownerEmail: users.username,
        accountId: accounts.accountId,
        algorithmName: algorithms.name,
        market: algorithms.market,
        capital: investments.capital,
      })
      .from(investments)
      .$dynamic();
    const [row] = await withAccountOwnerAndAlgorithm(query).where(eq(investments.id, investmentId));
    return row;
  }

  /**
   * Records the event and queues its deliveries, at once; answers the alert's id, or null when an
   * alert of that event exists already (a second report, a restart): then nothing is queued again.
   */
  async record(alert: NewAlert, channels: readonly AlertChannel[]): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(alerts)
        .values(alert)
        .onConflictDoNothing({ target: alerts.eventKey })
        .returning({ id: alerts.id });
      if (!inserted) return null;
      if (channels.length > 0)
        await tx
          .insert(alertDeliveries)
          .values(channels.map((channel) => ({ alertId: inserted.id, channel })));
      return inserted.id;
    });
  }

  async list(userId: string, limit: number): Promise<{ alert: AlertRow; deliveries: AlertDeliveryRow[] }[]> {
    const rows = await this.db
      .select()
      .from(alerts)
      .where(eq(alerts.userId, userId))
      .orderBy(desc(alerts.createdAt), desc(alerts.id))
      .limit(limit);
    if (rows.length === 0) return [];
    const deliveries = await this.db
      .select()
      .from(alertDeliveries)
      .where(
        inArray(
          alertDeliveries.alertId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(alertDeliveries.channel));
    return rows.map((alert) => ({
      alert,
      deliveries: deliveries.filter((delivery) => delivery.alertId === alert.id),
    }));
  }

  async unread(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ unread: count() })
      .from(alerts)
      .where(and(eq(alerts.userId, userId), isNull(alerts.readAt)));
    return Number(row?.unread ?? 0);
  }

  async markRead(userId: string, ids: readonly string[] | undefined): Promise<void> {
    await this.db
      .update(alerts)
      .set({ readAt: sql`now()` })
      .where(
        and(eq(alerts.userId, userId), isNull(alerts.readAt), ...(ids ? [inArray(alerts.id, [...ids])] : [])),
      );
  }

  /** A delivery with its alert, the owner's address and the investment's webhook, as the job sends it. */
  async delivery(id: string) {
    const [row] = await this.db
      .select({
        delivery: alertDeliveries,
        alert: alerts,
        ownerEmail: users.username,
        webhookUrl: alertSettings.webhookUrl,
        webhookSecretEncrypted: alertSettings.webhookSecretEncrypted,
        settingsId: alertSettings.id,
      })
      .from(alertDeliveries)
      .innerJoin(alerts, eq(alerts.id, alertDeliveries.alertId))
      .innerJoin(users, eq(users.id, alerts.userId))
      .leftJoin(alertSettings, eq(alertSettings.investmentId, alerts.investmentId))
      .where(eq(alertDeliveries.id, id));
    return row;
  }

  /** Done, if the job is still this runner's (job-drain.ts: a released lease cannot land). */
  async completeDelivery(id: string, worker: string): Promise<void> {
    await this.db
      .update(alertDeliveries)
      .set({
        isCompleted: JOB_STATUS.done,
        error: null,
        leaseOwner: null,
        leaseExpiresAt: null,
        finishedAt: sql`now()`,
      })
      .where(
        and(
          eq(alertDeliveries.id, id),
          eq(alertDeliveries.leaseOwner, worker),
          eq(alertDeliveries.isCompleted, JOB_STATUS.running),
        ),
      );
  }

  /** The investment's closed cycles in the order they closed. */
  closedCycles(investmentId: string): Promise<{ id: string; profitLoss: number }[]> {
    return this.db
      .select({ id: transactions.id, profitLoss: transactions.profitLoss })
      .from(transactions)
      .where(eq(transactions.investmentId, investmentId))
      .orderBy(asc(transactions.closedAt), asc(transactions.id));
  }

  /** A running investment stopped (state 0) with the reason shown on it; false when it was not running. */
  async stop(investmentId: string, statusMessage: string): Promise<boolean> {
    const rows = await this.db
      .update(investments)
      .set({ isRunning: INVESTMENT_STOPPED, statusMessage, updatedAt: sql`now()` })
      .where(and(eq(investments.id, investmentId), eq(investments.isRunning, INVESTMENT_RUNNING)))
      .returning({ id: investments.id });
    return rows.length > 0;
  }

  /** The bot waits for this reason: a new pause starts now, one going on keeps its start. */
  async pauseStarted(investmentId: string, reason: string, at: Date, reopensAt: Date | null): Promise<void> {
    await this.db
      .insert(marketPauses)
      .values({ investmentId, reason, since: at, reopensAt })
      .onConflictDoUpdate({ target: marketPauses.investmentId, set: { reason, reopensAt } });
  }

  async pauseEnded(investmentId: string): Promise<void> {
    await this.db.delete(marketPauses).where(eq(marketPauses.investmentId, investmentId));
  }

  /**
   * The pauses going on: those of investments still running with a reason shown. A pause left by
   * a bot that stopped, failed or went away without saying it trades again is forgotten here.
   */
  async pauses(): Promise<MarketPauseRow[]> {
    const waiting = this.db
      .select({ id: investments.id })
      .from(investments)
      .where(and(eq(investments.isRunning, INVESTMENT_RUNNING), isNotNull(investments.statusMessage)));
    await this.db.delete(marketPauses).where(notInArray(marketPauses.investmentId, waiting));
    return this.db.select().from(marketPauses).orderBy(asc(marketPauses.since));
  }

  /**
   * The running investments whose owners asked to be told of a drift from the backtest. A drift
   * episode of one no longer watched (stopped, failed, the limit taken away) is forgotten here.
   */
  async driftWatched(): Promise<DriftWatch[]> {
    const watched = and(
      eq(investments.isRunning, INVESTMENT_RUNNING),
      isNotNull(alertSettings.driftLimitPct),
    );
    const watchedIds = this.db
      .select({ id: investments.id })
      .from(investments)
      .innerJoin(alertSettings, eq(alertSettings.investmentId, investments.id))
      .where(watched);
    await this.db.delete(driftEpisodes).where(notInArray(driftEpisodes.investmentId, watchedIds));
    const rows = await this.db
      .select({ investment: investments, algorithm: algorithms, settings: alertSettings })
      .from(investments)
      .innerJoin(algorithms, eq(algorithms.id, investments.algorithmId))
      .innerJoin(alertSettings, eq(alertSettings.investmentId, investments.id))
      .where(watched)
      .orderBy(asc(investments.createdAt), asc(investments.id));
    return rows.map(({ investment, algorithm, settings }) => ({
      investmentId: investment.id,
      market: algorithm.market,
      createdAt: investment.createdAt,
      investment,
      algorithm,
      settings,
      limitPct: settings.driftLimitPct as number,
    }));
  }

  /** The investment's drift episode, begun now unless one is going on: answers its start. */
  async driftStarted(investmentId: string, at: Date): Promise<Date> {
    await this.db.insert(driftEpisodes).values({ investmentId, since: at }).onConflictDoNothing();
    const [row] = await this.db
      .select({ since: driftEpisodes.since })
      .from(driftEpisodes)
      .where(eq(driftEpisodes.investmentId, investmentId));
    return row?.since ?? at;
  }

  async driftEnded(investmentId: string): Promise<void> {
    await this.db.delete(driftEpisodes).where(eq(driftEpisodes.investmentId, investmentId));
  }
}
