// API processes on one PostgreSQL (issue 34): a server of the api role killed with SIGKILL while
// an admin's price file is still arriving leaves no partial dataset, neither rows nor bars; a
// second API process on the same database and bar folder shows none, and takes the same file
// whole. PostgreSQL only (server-postgres).
import { requestOf, type Algorithm, type MarketDataSet, type UploadResult } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { marketDataSets } from '@platform/db';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { METATRADER_EURUSD_2020_06, readRealFile } from '../../../../fixtures/real-bars/real-bars';
import { until } from '../support/capital/live-bots';
import { clusterDatabase } from '../support/cluster/cluster-database';
import { startServerProcess } from '../support/cluster/server-process';
import { createUser, DEFAULT_PASSWORD } from '../support/factories';
import { createTestApp } from '../support/test-app';

const PROCESSES_TEST_MS = 180_000;

/** A port free now on loopback, for a server process to listen on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The upload's multipart body, as a browser's FormData sends it, in three parts: before, the file, after. */
function uploadBody(algorithmId: string, file: Buffer) {
  const boundary = `----form${randomUUID().replace(/-/g, '')}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    `${field('algorithmId', algorithmId)}${field('timeframe', '1m')}--${boundary}\r\n` +
      'Content-Disposition: form-data; name="csvFile"; filename="EURUSD.csv"\r\nContent-Type: text/csv\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, file, tail, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function call<T>(port: number, path: string, init: RequestInit & { token?: string } = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    ...init,
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.headers as Record<string, string>),
    },
  });
  return (await response.json()) as { ok: boolean; data: T; error?: string };
}

describe('API processes on one PostgreSQL', () => {
  it(
    'leaves no partial dataset when killed in the middle of an upload',
    { timeout: PROCESSES_TEST_MS },
    async () => {
      const shared = await clusterDatabase();
      const { database, marketDataDir, encryptionKey, jwtSecret } = shared;
      // The test's app only writes the users and the algorithm; the API processes serve.
      const testApp = await createTestApp({ database, encryptionKey, jwtSecret, marketDataDir });
      const admin = await createUser(testApp, { role: 'admin' });
      const apiProcess = async (name: string) => {
        const port = await freePort();
        // Admins without 2FA here: the login is the test's way in, not what it tests.
        const started = await startServerProcess(
          name,
          shared.environment({
            ROLES: 'api',
            PORT: String(port),
            HOST: '127.0.0.1',
            REQUIRE_2FA_FOR: 'sales',
          }),
        );
        await started.logged('server process ready');
        const login = await call<{ jwt: string }>(port, requestOf(API.auth.login).url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: admin.username, password: DEFAULT_PASSWORD }),
        });
        return { process: started, port, token: login.data.jwt };
      };
      const first = await apiProcess('api-1');
      const algorithm = await call<Algorithm>(first.port, requestOf(API.algorithms.add).url, {
        method: 'POST',
        token: first.token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Grid EURUSD',
          description: 'Griglia',
          minCapital: 1000,
          market: 'EURUSD',
        }),
      });
      const body = uploadBody(algorithm.data._id, readRealFile(METATRADER_EURUSD_2020_06));

      // Half of the file goes out, then the API process is killed before the rest arrives.
      const upload = request({
        host: '127.0.0.1',
        port: first.port,
        method: 'POST',
        path: requestOf(API.marketdata.upload).url,
        headers: { authorization: `Bearer ${first.token}`, 'content-type': body.contentType },
      });
      const ended = new Promise((resolve) => upload.once('error', resolve).once('response', resolve));
      upload.write(body.head);
      const half = Math.floor(body.file.length / 2);
      await new Promise<void>((resolve) => upload.write(body.file.subarray(0, half), () => resolve()));
      first.process.kill();
      await first.process.exited;
      await ended;

      const second = await apiProcess('api-2');
      const listed = await call<MarketDataSet[]>(second.port, requestOf(API.marketdata.list).url, {
        token: second.token,
      });
      expect(listed.data.filter((set) => set.market === 'EURUSD')).toEqual([]);
      expect(await database.db.select().from(marketDataSets)).toEqual([]);
      expect((await readdir(marketDataDir)).filter((file) => file.endsWith('.arrow'))).toEqual([]);

      const whole = await call<UploadResult>(second.port, requestOf(API.marketdata.upload).url, {
        method: 'POST',
        token: second.token,
        headers: { 'content-type': body.contentType },
        body: Buffer.concat([body.head, body.file, body.tail]),
      });
      expect(whole.ok).toBe(true);
      expect(whole.data).toMatchObject({ market: 'EURUSD', timeframe: '1m' });
      // Every line of the file is counted: the whole file came through, none of the killed upload's half.
      const lines = body.file
        .toString('utf8')
        .split('\n')
        .filter((line) => line.trim() !== '').length;
      expect(whole.data.imported).toBeGreaterThan(0);
      expect(whole.data.imported + whole.data.rejected).toBe(lines);
      await until('the set listed', async () => {
        const sets = await call<MarketDataSet[]>(second.port, requestOf(API.marketdata.list).url, {
          token: second.token,
        });
        return sets.data.some((set) => set.market === 'EURUSD');
      });
    },
  );
});
