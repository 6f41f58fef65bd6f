// Processes by role (issue 34), on PGlite and on PostgreSQL: a runner or bot host without the API
// role answers its probes and /metrics and nothing else; /metrics tells every bot host the
// database knows, alive or gone, with the bots its live leases give it, and whether this
// process's own host believes its leases; a job queued by one process wakes the runners of others.
import { requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildOpsApp } from '../src/app';
import { BotLeasesRepository } from '../src/modules/bots/bot-leases.repository';
import { tellRunners, wakeOnQueuedJobs } from '../src/roles/cluster-jobs';
import { SINGLE_GOLD_BACKTEST } from './support/backtest-requests';
import { demoInvestor } from './support/demo-investor';
import { createUser, login } from './support/factories';
import { oscillatingBars } from './support/memory-prices';
import { createTestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';

const silent = { warn: () => undefined };

async function opsApp(leases: { valid: boolean } | null = null) {
  const testApp = await createTestApp();
  const ops = await buildOpsApp({
    database: testApp.database,
    services: testApp.app.services,
    metrics: { host: 'host-x', leases: () => leases },
  });
  onTestFinished(() => ops.close());
  const scrape = async () => (await ops.inject({ method: 'GET', url: '/metrics' })).body;
  return { testApp, ops, scrape };
}

describe('a process without the API role', () => {
  it('answers its probes and /metrics, and none of the API’s calls', async () => {
    const { ops, scrape } = await opsApp({ valid: false });
    expect((await ops.inject({ method: 'GET', url: requestOf(API.health.live).url })).statusCode).toBe(200);
    const ready = await ops.inject({ method: 'GET', url: requestOf(API.health.ready).url });
    expect(ready.json()).toMatchObject({ ok: true, data: { status: 'ready' } });

    const investments = await ops.inject({ method: 'GET', url: requestOf(API.investments.list).url });
    expect(investments.statusCode).toBe(404);
    expect(investments.json()).toMatchObject({ ok: false });
    // It trades on none of its leases, and says so.
    expect(await scrape()).toContain('platform_bot_host_leases_valid{host="host-x"} 0');
  });

  it('shows every bot host the database knows, alive or gone, with the bots its leases give it', async () => {
    const { testApp, scrape } = await opsApp({ valid: true });
    const { invest } = await demoInvestor(testApp);
    await invest();
    const repository = new BotLeasesRepository(testApp.database.db);
    await repository.beat('alive-host', 10, 60_000);
    const [candidate] = await repository.claimable(1);
    await repository.claim('alive-host', [candidate!.accountId], 60_000);
    await repository.beat('gone-host', 10, 60_000);
    await testApp.database.db.execute(
      sql`UPDATE bot_hosts SET heartbeat_expires_at = now() - interval '1 second' WHERE name = 'gone-host'`,
    );

    const figures = await scrape();
    expect(figures).toContain('platform_bot_host_alive{host="alive-host"} 1');
    expect(figures).toContain('platform_bot_host_alive{host="gone-host"} 0');
    expect(figures).toContain('platform_bot_host_bots{host="alive-host"} 1');
    expect(figures).toContain('platform_bot_host_bots{host="gone-host"} 0');
    expect(figures).toContain('platform_bot_host_leases_valid{host="host-x"} 1');
    expect(figures).toContain('platform_job_leases_lost{runner="jobs"} 0');
  });

  it('wakes the runners of other processes when a job is queued', async () => {
    const database = await createTestDatabase();
    onTestFinished(() => database.close());
    const woken: string[] = [];
    // A runner process listening, and an API process queuing: two apps on one database.
    await wakeOnQueuedJobs(database.notifications, () => woken.push('runner'));
    const api = await createTestApp({ database, jobQueued: tellRunners(database.notifications, silent) });
    api.prices.set('GOLD', '1m', oscillatingBars('2024-03-01', 7));
    const token = (await login(api, await createUser(api))).jwt;
    const queued = await api.call({
      ...requestOf(API.backtests.create),
      token,
      payload: { config: SINGLE_GOLD_BACKTEST },
    });
    expect(queued.status).toBe(200);
    await expect.poll(() => woken).toEqual(['runner']);
  });
});
