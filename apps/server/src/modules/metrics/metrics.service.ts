// The figures /metrics exposes in Prometheus's text format (prom-client): request latency by
// route, the job queue, the bots and their tick-to-order latency, the process's own figures.
// Each app has its own registry (tests build many apps in one process); the database counts are
// read at scrape time, and a database that does not answer leaves the other figures readable.
import {
  CORE_SERVICES,
  INVESTMENT_DELETION_REQUESTED,
  INVESTMENT_FAILED,
  INVESTMENT_RUNNING,
  INVESTMENT_STOPPED,
  JOB_STATUS,
  type ProcessInfo,
} from '@platform/contracts';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { LatencyReport } from '../../bots/protocol/hub-protocol';
import type { ProcessControl } from '../../realtime/process-control';
import type { MetricsRepository, StateCount } from './metrics.repository';

/** Request durations from 5 ms to 10 s: the lists answer in tens of ms, an upload in seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Tick to order from 1 ms to 5 s: a bot on loopback decides in a few ms, a loaded host in hundreds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const JOB_STATES: Record<number, string> = {
  [JOB_STATUS.queued]: 'queued',
  [JOB_STATUS.running]: 'running',
  [JOB_STATUS.done]: 'done',
  [JOB_STATUS.failed]: 'failed',
};
const INVESTMENT_STATES: Record<number, string> = {
  [INVESTMENT_STOPPED]: 'stopped',
  [INVESTMENT_RUNNING]: 'running',
  [INVESTMENT_FAILED]: 'error',
  [INVESTMENT_DELETION_REQUESTED]: 'deletion_requested',
};
const CORE_NAMES: ReadonlySet<string> = new Set(Object.values(CORE_SERVICES));
/** A database that does not answer within this is reported down rather than holding the scrape. */
const DATABASE_TIMEOUT_MS = 2_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The label of a request that matched no route: the raw URL would give every scanner its own series. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface MetricsOptions {
  /** This process's bot host, the `host` label of the bot figures. */
  host: string;
  /** The bots this process supervises; null while the live runtime is not up (or in an API-only process). */
  processes?: () => ProcessControl | null;
  /** Whether the server is draining (shutting down). */
  draining?: () => boolean;
  /** The process's own figures (CPU, memory, event loop lag, GC). */
  processMetrics: boolean;
  /** This process's bot host leases (several bot hosts on PostgreSQL): whether it believes them now. */
  leases?: () => { valid: boolean } | null;
  /** This process's job runners: how many times each lost a job's lease while working on it. */
  runners?: () => readonly { name: string; leasesLost: number }[];
}

export class MetricsService {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly queueDepth: Gauge<'kind'>;
  private readonly jobs: Gauge<'kind' | 'state'>;
  private readonly investments: Gauge<'state'>;
  private readonly bots: Gauge<'host' | 'state'>;
  private readonly databaseUp: Gauge;
  private readonly draining: Gauge;
  private readonly tickToOrder: Histogram<'host' | 'path'>;
  private readonly priceDelivery: Histogram<'host'>;
  private readonly hostAlive: Gauge<'host'>;
  private readonly hostBots: Gauge<'host'>;
  private readonly leasesValid: Gauge<'host'>;
  private readonly jobLeasesLost: Gauge<'runner'>;

  constructor(
    private readonly repository: MetricsRepository,
    private readonly options: MetricsOptions,
  ) {
    const registers = [this.registry];
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.queueDepth = new Gauge({
      name: 'platform_job_queue_depth',
      help: 'Jobs queued and not yet claimed by a runner, by kind.',
      labelNames: ['kind'],
      registers,
    });
    this.jobs = new Gauge({
      name: 'platform_jobs',
      help: 'Jobs by kind and state.',
      labelNames: ['kind', 'state'],
      registers,
    });
    this.investments = new Gauge({
      name: 'platform_investments',
      help: 'Investments by state (running investments are the bots that should trade).',
      labelNames: ['state'],
      registers,
    });
    this.bots = new Gauge({
      name: 'platform_bots',
      help: "Bot processes supervised by this host, by pm2's status.",
      labelNames: ['host', 'state'],
      registers,
    });
    this.databaseUp = new Gauge({
      name: 'platform_database_up',
      help: 'Whether the database answered the last scrape (1) or not (0).',
      registers,
    });
    this.draining = new Gauge({
      name: 'platform_server_draining',
      help: 'Whether the server is shutting down (1): not ready for new work.',
      registers,
    });
    this.tickToOrder = new Histogram({
      name: 'platform_bot_tick_to_order_seconds',
      help: 'From a price to the order a bot decided on it: path "sent" for orders sent on the price, "standing" for orders the broker filled from the book.',
      labelNames: ['host', 'path'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.priceDelivery = new Histogram({
      name: 'platform_bot_price_delivery_seconds',
      help: 'From a price to its arrival in the bot that sent an order on it.',
      labelNames: ['host'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.hostAlive = new Gauge({
      name: 'platform_bot_host_alive',
      help: 'Each bot host the database knows (PostgreSQL): 1 while its heartbeat is fresh, 0 once it stopped renewing.',
      labelNames: ['host'],
      registers,
    });
    this.hostBots = new Gauge({
      name: 'platform_bot_host_bots',
      help: 'Running investments each bot host holds a live lease for: the bots it should run.',
      labelNames: ['host'],
      registers,
    });
    this.leasesValid = new Gauge({
      name: 'platform_bot_host_leases_valid',
      help: "Whether this process's bot host believes its leases now (1); 0: it could not renew them and trades on none.",
      labelNames: ['host'],
      registers,
    });
    this.jobLeasesLost = new Gauge({
      name: 'platform_job_leases_lost',
      help: "Times this process's runner found another runner (or a deletion) had taken the job it was working on; the result is not written.",
      labelNames: ['runner'],
      registers,
    });
  }

  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    this.requestDuration.observe(
      { method, route: route ?? UNMATCHED_ROUTE, status_code: statusCode },
      seconds,
    );
  }

  /** A bot's decision latency of one period, as its hub call reports it (bots/protocol). */
  recordBotLatency(report: LatencyReport): void {
    const host = this.options.host;
    // A price stamped by the broker's clock, ahead of ours, would read as negative: it was at once.
    const seconds = (ms: number) => Math.max(ms, 0) / 1000;
    for (const ms of report.sent) this.tickToOrder.observe({ host, path: 'sent' }, seconds(ms));
    for (const ms of report.standing) this.tickToOrder.observe({ host, path: 'standing' }, seconds(ms));
    for (const ms of report.delivery) this.priceDelivery.observe({ host }, seconds(ms));
  }

  /** The exposition text, with the database counts read now. */
  async render(): Promise<{ contentType: string; body: string }> {
    this.draining.set(this.options.draining?.() ? 1 : 0);
    this.countBots(this.options.processes?.()?.list() ?? []);
    const leases = this.options.leases?.();
    this.leasesValid.reset();
    if (leases) this.leasesValid.set({ host: this.options.host }, leases.valid ? 1 : 0);
    this.jobLeasesLost.reset();
    for (const runner of this.options.runners?.() ?? [])
      this.jobLeasesLost.set({ runner: runner.name }, runner.leasesLost);
    try {
      const [jobs, investments, hosts] = await within(
        Promise.all([
          this.repository.jobsByState(),
          this.repository.investmentsByState(),
          this.repository.botHosts(),
        ]),
        DATABASE_TIMEOUT_MS,
      );
      this.hostAlive.reset();
      this.hostBots.reset();
      for (const host of hosts) {
        this.hostAlive.set({ host: host.host }, host.alive ? 1 : 0);
        this.hostBots.set({ host: host.host }, host.bots);
      }
      this.jobs.reset();
      this.queueDepth.reset();
      for (const [kind, rows] of Object.entries(jobs)) {
        this.queueDepth.set({ kind }, 0);
        for (const state of Object.values(JOB_STATES)) this.jobs.set({ kind, state }, 0);
        for (const row of rows) {
          const state = JOB_STATES[row.state] ?? 'failed';
          this.jobs.inc({ kind, state }, row.count);
          if (row.state === JOB_STATUS.queued) this.queueDepth.set({ kind }, row.count);
        }
      }
      this.setStates(this.investments, INVESTMENT_STATES, investments);
      this.databaseUp.set(1);
    } catch {
      this.databaseUp.set(0);
    }
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private countBots(list: ProcessInfo[]): void {
    const host = this.options.host;
    this.bots.reset();
    for (const process of list) {
      if (CORE_NAMES.has(process.name)) continue;
      this.bots.inc({ host, state: process.pm2_env.status }, 1);
    }
  }

  private setStates(gauge: Gauge<'state'>, names: Record<number, string>, rows: StateCount[]): void {
    gauge.reset();
    for (const state of Object.values(names)) gauge.set({ state }, 0);
    for (const row of rows) gauge.inc({ state: names[row.state] ?? 'other' }, row.count);
  }
}
