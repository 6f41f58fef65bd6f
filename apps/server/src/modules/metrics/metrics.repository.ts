// What /metrics reads from the database at each scrape: the job tables and the investments,
// counted by state. Small GROUP BY queries over indexed columns, run only when scraped.
import { analyses, backtests, investments, type Database } from '@platform/db';
import { count } from 'drizzle-orm';

export interface StateCount {
  state: number;
  count: number;
}

export class MetricsRepository {
  constructor(private readonly db: Database) {}

  /** By job kind, as the job definitions name them (jobs/job-definitions.ts). */
  async jobsByState(): Promise<{ backtest: StateCount[]; analysis: StateCount[] }> {
    const [backtestRows, analysisRows] = await Promise.all([
      this.db
        .select({ state: backtests.isCompleted, count: count() })
        .from(backtests)
        .groupBy(backtests.isCompleted),
      this.db
        .select({ state: analyses.isCompleted, count: count() })
        .from(analyses)
        .groupBy(analyses.isCompleted),
    ]);
    return { backtest: backtestRows, analysis: analysisRows };
  }

  investmentsByState(): Promise<StateCount[]> {
    return this.db
      .select({ state: investments.isRunning, count: count() })
      .from(investments)
      .groupBy(investments.isRunning);
  }
}
