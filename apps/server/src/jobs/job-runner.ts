// A runner: claims jobs one at a time from every queue, renews the lease while a job runs, and
// records a failure with its message. Several runners (threads of one server, or worker
// processes on other machines against the same PostgreSQL) never take the same job. Before its
// first claim a runner takes back the jobs its earlier start left running (a kill -9), where it
// can tell them: on PGlite every running job is its own, on PostgreSQL those under its RUNNER_NAME.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { ClaimedJob } from './job-queue';
import type { RegisteredJob } from './job-registry';
import { JobError, JobRetry } from './job-error';

export interface JobRunnerOptions {
  /** How long a claim lasts without renewal; a crashed runner's job is retried after this. */
  leaseMs?: number;
  /** How often an idle runner looks for work (a new job also wakes it at once). */
  pollMs?: number;
  /** Claims of one job before it is failed without running (default 3: a job that keeps killing its runner). */
  maxAttempts?: number;
  /**
   * A name this runner keeps across restarts (RUNNER_NAME): its leases carry it, so a restart
   * takes back at once the jobs the earlier start left running. One runner process per name;
   * no '/' in it (config.ts), which ends the name in the lease owner.
   */
  name?: string;
  /** No other runner can share the database (PGlite): every job left running is this runner's. */
  soleRunner?: boolean;
  logger: { info(object: object, message: string): void; error(object: object, message: string): void };
}

/** By default a job claimed this many times without finishing is not tried again. */
const MAX_ATTEMPTS = 3;
const INTERNAL_FAILURE = "Errore interno durante l'elaborazione: riprova più tardi.";
const TOO_MANY_ATTEMPTS = 'Elaborazione interrotta più volte: il job è stato annullato.';

export class JobRunner {
  /** The lease owner of this start: unique per process, after the runner's name when it has one. */
  readonly worker: string;
  private readonly takeBackOwners: 'all' | { prefix: string } | null;
  private tookBack = false;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private running = false;
  private wake: (() => void) | null = null;
  /**
   * Set by notify(): a job queued while the runner was looking for work (its claim may have run
   * before the job's insert committed) sends it looking again instead of to sleep for pollMs.
   */
  private notified = false;
  private loop: Promise<void> | null = null;
  private lost = 0;

  constructor(
    private readonly jobs: RegisteredJob[],
    private readonly options: JobRunnerOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 2_000;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    const prefix = options.name === undefined ? '' : `${options.name}/`;
    this.worker = `${prefix}${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.takeBackOwners = options.soleRunner ? 'all' : options.name === undefined ? null : { prefix };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.work();
  }

  /** Jobs whose lease another runner (or a deletion) took while this one worked on them (/metrics). */
  get leasesLost(): number {
    return this.lost;
  }

  /** Called when a job is queued, so it starts without waiting for the next poll. */
  notify(): void {
    this.notified = true;
    this.wake?.();
  }

  /** Stops claiming; waits for the job in hand to finish. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** Claims and runs one job if there is one; answers whether it did. Tests drive the runner with it. */
  async runOnce(): Promise<boolean> {
    if (!this.tookBack) await this.takeBack();
    for (const job of this.jobs) {
      const claimed = await job.queue.claim(this.worker, this.leaseMs);
      if (!claimed) continue;
      await this.run(job, claimed);
      return true;
    }
    return false;
  }

  /** Gives the jobs of this runner's earlier start back to the queue (their claim stays counted). */
  private async takeBack(): Promise<void> {
    const owners = this.takeBackOwners;
    const taken: string[] = [];
    if (owners) for (const job of this.jobs) taken.push(...(await job.queue.takeBack(owners)));
    this.tookBack = true;
    if (taken.length > 0)
      this.options.logger.info(
        { jobs: taken, worker: this.worker },
        'jobs left running by an earlier start taken back',
      );
  }

  private async work(): Promise<void> {
    while (this.running) {
      let didWork = false;
      this.notified = false;
      try {
        didWork = await this.runOnce();
      } catch (error) {
        this.options.logger.error({ err: error }, 'job runner could not claim work');
      }
      if (!didWork && this.running && !this.notified) await this.sleep(this.pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async run(job: RegisteredJob, claimed: ClaimedJob): Promise<void> {
    if (claimed.attempts > this.maxAttempts) {
      await job.queue.fail(claimed.id, this.worker, TOO_MANY_ATTEMPTS);
      return;
    }
    let lost = false;
    const heartbeat = setInterval(
      () => {
        job.queue.renew(claimed.id, this.worker, this.leaseMs).then(
          (held) => {
            if (held || lost) return;
            // The result will not land (completing needs the lease): said once, and counted.
            lost = true;
            this.lost++;
            this.options.logger.error(
              { job: job.name, id: claimed.id, worker: this.worker },
              'job lease lost: another runner has the job, or it was deleted; its result is not written',
            );
          },
          (error: unknown) => {
            this.options.logger.error({ err: error, job: claimed.id }, 'could not renew a job lease');
          },
        );
      },
      Math.max(100, this.leaseMs / 3),
    );
    const started = Date.now();
    try {
      await job.handle(claimed, this.worker);
      this.options.logger.info({ job: job.name, id: claimed.id, ms: Date.now() - started }, 'job done');
    } catch (error) {
      if (error instanceof JobRetry) {
        await job.queue.retry(claimed.id, this.worker, error.message, error.delayMs);
        return;
      }
      const message = error instanceof JobError ? error.message : INTERNAL_FAILURE;
      if (!(error instanceof JobError))
        this.options.logger.error({ err: error, job: job.name, id: claimed.id }, 'job failed');
      await job.queue.fail(claimed.id, this.worker, message);
    } finally {
      clearInterval(heartbeat);
    }
  }
}
