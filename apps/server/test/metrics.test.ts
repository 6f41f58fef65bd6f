// Issue 34, operations: /metrics in Prometheus's text format. Requests are timed by their route
// pattern (never the raw URL); jobs are counted by state with the queue's depth; bots by state and
// host; the bots' tick-to-order latency comes from the figures they report over the hub. Only loopback callers
// that no proxy forwarded may read it, or, with METRICS_TOKEN, callers that send the token.
import type { ProcessInfo } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { randomBytes } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { API_PREFIX, requestOf } from '@platform/contracts';
import { BotHub, botToken } from '../src/bots/host/bot-hub';
import { HubClient } from '../src/bots/process/hub-client';
import type { BotSetup, LatencyReport } from '../src/bots/protocol/hub-protocol';
import type { BotsService } from '../src/modules/bots/bots.service';
import { METRICS_MESSAGES } from '../src/modules/metrics/metrics-access';
import type { ProcessControl } from '../src/realtime/process-control';
import { SINGLE_GOLD_BACKTEST } from './support/backtest-requests';
import { createUser, login } from './support/factories';
import { oscillatingBars } from './support/memory-prices';
import { createTestApp, type TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';

const TOKEN = 'a-metrics-token-of-at-least-32-characters';
const REMOTE = '203.0.113.7';

async function scrape(testApp: TestApp, headers: Record<string, string> = {}, remoteAddress?: string) {
  return testApp.app.inject({
    method: 'GET',
    url: '/metrics',
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The value of one series in the exposition text, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

function processInfo(name: string, status: string): ProcessInfo {
  return {
    pm_id: 1,
    name,
    pm2_env: { status, restart_time: 0, version: '1.0.0', pm_uptime: 0, watch: false },
  };
}

/** The monitoring view's port as the live runtime gives it: a list, and each bot's lines as they come. */
function fakeProcesses(list: ProcessInfo[]) {
  const control: ProcessControl = {
    list: () => list,
    command: () => Promise.resolve(),
    onLog: () => () => undefined,
    streaming: () => true,
  };
  return { control };
}

describe('/metrics', () => {
  it('times requests by route pattern and status, never by the raw URL', async () => {
    const testApp = await createTestApp({ metrics: { processMetrics: true } });
    const id = '3f2b8c1e-7d4a-4b6e-9c2d-5a1e8f7b6c3d';
    await testApp.call({ ...requestOf(API.backtests.get, { id }) });
    await testApp.call({ ...requestOf(API.backtests.get, { id }, { secret: 's3cr3t' }) });
    await testApp.call({ method: 'GET', url: `${API_PREFIX}no-such-route/abc?token=xyz` });
    await testApp.call({ ...requestOf(API.health.status) });

    const response = await scrape(testApp);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(
      sample(
        text,
        `http_request_duration_seconds_count{method="GET",route="${API.backtests.get.path}",status_code="401"}`,
      ),
    ).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
    ).toBe(1);
    expect(
      sample(
        text,
        `http_request_duration_seconds_count{method="GET",route="${API.health.status.path}",status_code="200"}`,
      ),
    ).toBe(1);
    for (const raw of [id, 's3cr3t', 'xyz', 'no-such-route']) expect(text).not.toContain(raw);
    // The process's own figures come along.
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('counts jobs by kind and state, and the queue depth', async () => {
    const testApp = await createTestApp();
    testApp.prices.set('GOLD', '1m', oscillatingBars('2024-03-01', 7));
    const { jwt } = await login(testApp, await createUser(testApp));
    for (let i = 0; i < 3; i++) {
      const created = await testApp.call({
        ...requestOf(API.backtests.create),
        token: jwt,
        payload: { config: SINGLE_GOLD_BACKTEST },
      });
      expect(created.status).toBe(200);
    }
    expect(await testApp.app.services.jobRunner.runOnce()).toBe(true);

    const text = (await scrape(testApp)).body;
    expect(sample(text, 'platform_job_queue_depth{kind="backtest"}')).toBe(2);
    expect(sample(text, 'platform_job_queue_depth{kind="analysis"}')).toBe(0);
    expect(sample(text, 'platform_jobs{kind="backtest",state="queued"}')).toBe(2);
    expect(sample(text, 'platform_jobs{kind="backtest",state="done"}')).toBe(1);
    expect(sample(text, 'platform_jobs{kind="backtest",state="running"}')).toBe(0);
    expect(sample(text, 'platform_jobs{kind="analysis",state="failed"}')).toBe(0);
    // Alert deliveries are jobs too: none waits here.
    expect(sample(text, 'platform_job_queue_depth{kind="alert-delivery"}')).toBe(0);
    expect(sample(text, 'platform_jobs{kind="alert-delivery",state="failed"}')).toBe(0);
    expect(sample(text, 'platform_database_up')).toBe(1);
    expect(sample(text, 'platform_server_draining')).toBe(0);
  });

  it('counts the bots by state and host, and their tick-to-order latency as the bots report it over the hub', async () => {
    const bots = fakeProcesses([
      processInfo('Monitoring', 'online'),
      processInfo('Daemon', 'online'),
      processInfo('inv-1', 'online'),
      processInfo('inv-2', 'online'),
      processInfo('inv-3', 'stopped'),
    ]);
    const testApp = await createTestApp({ metrics: { host: 'host-a', processes: () => bots.control } });
    // A bot's period, sent on its hub channel as the bot process sends it (bot-main.ts).
    const key = randomBytes(32);
    const setup = { investmentId: 'inv-1', market: 'GOLD', broker: { kind: 'paper' } } as BotSetup;
    const hub = new BotHub(
      { setup: () => Promise.resolve(setup) } as unknown as BotsService,
      key,
      { warn: () => undefined },
      null,
      (_investmentId, report) => testApp.app.metrics.recordBotLatency(report),
    );
    const { host, port } = await hub.listen();
    onTestFinished(() => hub.close());
    const bot = await HubClient.connect(host, port, () => undefined);
    onTestFinished(() => bot.close());
    await bot.call('hello', { investmentId: 'inv-1', token: botToken(key, 'inv-1') });
    // A quote stamped by a broker's clock ahead of ours arrives 'before' it was made: it counts as at once.
    bot.send('latency', { sent: [4, 12], delivery: [1, -3], standing: [40] });
    await bot.settled();
    // Figures that are not the protocol's close that bot's channel and count for nothing.
    const broken = await HubClient.connect(host, port, () => undefined);
    onTestFinished(() => broken.close());
    await broken.call('hello', { investmentId: 'inv-1', token: botToken(key, 'inv-1') });
    broken.send('latency', { sent: ['x'], delivery: [], standing: [] } as unknown as LatencyReport);
    await broken.settled();

    const text = (await scrape(testApp)).body;
    expect(sample(text, 'platform_bots{host="host-a",state="online"}')).toBe(2);
    expect(sample(text, 'platform_bots{host="host-a",state="stopped"}')).toBe(1);
    expect(text).not.toContain('Monitoring');
    expect(sample(text, 'platform_bot_tick_to_order_seconds_count{host="host-a",path="sent"}')).toBe(2);
    expect(
      sample(text, 'platform_bot_tick_to_order_seconds_bucket{le="0.005",host="host-a",path="sent"}'),
    ).toBe(1);
    expect(sample(text, 'platform_bot_tick_to_order_seconds_sum{host="host-a",path="sent"}')).toBeCloseTo(
      0.016,
    );
    expect(sample(text, 'platform_bot_tick_to_order_seconds_count{host="host-a",path="standing"}')).toBe(1);
    expect(sample(text, 'platform_bot_price_delivery_seconds_count{host="host-a"}')).toBe(2);
    expect(sample(text, 'platform_bot_price_delivery_seconds_sum{host="host-a"}')).toBeCloseTo(0.001);
  });

  it('keeps answering, with the database marked down, when the database does not answer', async () => {
    const handle = await createTestDatabase();
    const testApp = await createTestApp({ database: handle });
    await handle.close();
    const response = await scrape(testApp);
    expect(response.statusCode).toBe(200);
    expect(sample(response.body, 'platform_database_up')).toBe(0);
  });

  describe('access', () => {
    it('without METRICS_TOKEN, answers only loopback callers that no proxy forwarded', async () => {
      const testApp = await createTestApp();
      expect((await scrape(testApp)).statusCode).toBe(200);
      expect((await scrape(testApp, {}, '::1')).statusCode).toBe(200);
      for (const [headers, address] of [
        [{}, REMOTE],
        [{}, '10.0.0.5'],
        [{ 'x-forwarded-for': REMOTE }, '127.0.0.1'],
        [{ forwarded: `for=${REMOTE}` }, '127.0.0.1'],
        [{ authorization: `Bearer ${TOKEN}` }, REMOTE],
      ] as const) {
        const response = await scrape(testApp, headers, address);
        expect(response.statusCode, `${address} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.json()).toEqual({ ok: false, error: METRICS_MESSAGES.notLocal });
      }
    });

    it('with METRICS_TOKEN, answers whoever sends it as a Bearer token, and nobody else', async () => {
      const testApp = await createTestApp({ metrics: { token: TOKEN } });
      expect((await scrape(testApp, { authorization: `Bearer ${TOKEN}` }, REMOTE)).statusCode).toBe(200);
      const refused: Record<string, string>[] = [
        {},
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: TOKEN },
        { authorization: 'Bearer ' },
      ];
      for (const headers of refused) {
        for (const address of [REMOTE, '127.0.0.1']) {
          const response = await scrape(testApp, headers, address);
          expect(response.statusCode, JSON.stringify(headers)).toBe(401);
          expect(response.json()).toEqual({ ok: false, error: METRICS_MESSAGES.badToken });
        }
      }
      const inQuery = await testApp.app.inject({
        method: 'GET',
        url: `/metrics?token=${TOKEN}`,
        remoteAddress: REMOTE,
      });
      expect(inQuery.statusCode).toBe(401);
    });
  });
});
