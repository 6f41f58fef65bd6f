// What /metrics reads from the database at each scrape: the job tables and the investments,
// counted by state. Small GROUP BY queries over indexed columns, run only when scraped.
import { INVESTMENT_RUNNING } from '@platform/contracts';
import { alertDeliveries, analyses, backtests, investments, queryRows, type Database } from '@platform/db';
import { count, sql } from 'drizzle-orm';

export interface StateCount {
  state: number;
  count: number;
}

/** A bot host as the database knows it (issue 34): alive while its heartbeat has not expired. */
export interface BotHostRow {
  host: string;
  alive: boolean;
  /** Running investments of the accounts it holds a live lease on. */
  bots: number;
}

export class MetricsRepository {
  constructor(private readonly db: Database) {}

  /** By job kind, as the job definitions name them (jobs/job-definitions.ts). */
  async jobsByState(): Promise<{
    backtest: StateCount[];
    analysis: StateCount[];
    'alert-delivery': StateCount[];
  }> {
    const byState = (table: typeof backtests | typeof analyses | typeof alertDeliveries) =>
      this.db.select({ state: table.isCompleted, count: count() }).from(table).groupBy(table.isCompleted);
    const [backtestRows, analysisRows, deliveryRows] = await Promise.all([
      byState(backtests),
      byState(analyses),
      byState(alertDeliveries),
    ]);
    return { backtest: backtestRows, analysis: analysisRows, 'alert-delivery': deliveryRows };
  }

  investmentsByState(): Promise<StateCount[]> {
    return this.db
      .select({ state: investments.isRunning, count: count() })
      .from(investments)
      .groupBy(investments.isRunning);
  }

  /** Every bot host that registered, with the bots its live leases give it: the same from any API process. */
  async botHosts(): Promise<BotHostRow[]> {
    const rows = await queryRows<{ host: string; alive: boolean; bots: number }>(
      this.db,
      sql`
      SELECT h.name AS host, h.heartbeat_expires_at > now() AS alive, count(i.id)::int AS bots
      FROM bot_hosts h
      LEFT JOIN bot_leases l ON l.host = h.name AND l.expires_at > now()
      LEFT JOIN investments i ON i.account_id = l.account_id AND i.is_running = ${INVESTMENT_RUNNING}
      GROUP BY h.name, h.heartbeat_expires_at`,
    );
    return rows.map((row) => ({ host: row.host, alive: Boolean(row.alive), bots: Number(row.bots) }));
  }
}
