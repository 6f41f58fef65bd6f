// The historical-data upload (POST /api/admin/upload-csv) and the list of stored sets, through
// the real multipart parsing, CSV importer and Arrow bar store in a temporary folder.
import {
  ALGORITHM_MESSAGES,
  SESSION_MESSAGES,
  UPLOAD_MESSAGES,
  requestOf,
  type Algorithm,
  type LogEntry,
  type MarketDataSet,
  type UploadResult,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { BarStore } from '@platform/marketdata';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { METATRADER_EURUSD_2020_06, readRealFile } from '../../../fixtures/real-bars/real-bars';
import { inlineExecutor } from '../src/engine-pool/engine-executor';
import { UPLOAD_REFUSALS } from '../src/modules/marketdata/upload-form';
import { createUser, login } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

const MT4_FILE = readRealFile(METATRADER_EURUSD_2020_06);

type Part = { name: string; value: string } | { name: string; filename: string; content: string | Buffer };

/** A multipart/form-data body, as a browser's FormData sends it. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----form${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: text/csv`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(Buffer.from('filename' in part ? part.content : part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function adminWithAlgorithm(testApp: TestApp, market: Algorithm['market'] = 'EURUSD') {
  const token = (await login(testApp, await createUser(testApp, { role: 'admin' }))).jwt;
  const created = await testApp.call<Algorithm>({
    ...requestOf(API.algorithms.add),
    token,
    payload: { name: `Grid ${market}`, description: 'Griglia', minCapital: 1000, market },
  });
  return { token, algorithmId: created.body.data._id };
}

function upload(testApp: TestApp, token: string | undefined, parts: Part[]) {
  const { payload, headers } = multipart(parts);
  return testApp.call<UploadResult>({ ...requestOf(API.marketdata.upload), token, payload, headers });
}

async function expectNothingStored(testApp: TestApp, token: string) {
  expect(await readdir(testApp.marketDataDir)).toEqual([]);
  const list = await testApp.call<MarketDataSet[]>({ ...requestOf(API.marketdata.list), token });
  expect(list.body.data).toEqual([]);
}

/** The MetaTrader lines with every price moved by `shift`, so a test can tell which upload a bar came from. */
function shifted(lines: string[], shift: number): string {
  return lines
    .map((line) => {
      const [day, time, ...prices] = line.split(',');
      const volume = prices.pop();
      return [day, time, ...prices.map((price) => (Number(price) + shift).toFixed(6)), volume].join(',');
    })
    .join('\n');
}

describe('market data upload', () => {
  it('stores a MetaTrader file in the market of the algorithm and lists the set', async () => {
    const testApp = await createTestApp();
    const { token, algorithmId } = await adminWithAlgorithm(testApp, 'EURUSD');
    const { status, body } = await upload(testApp, token, [
      { name: 'csvFile', filename: 'DAT_MT_EURUSD_M1_202006.csv', content: MT4_FILE },
      { name: 'algorithmId', value: algorithmId },
      { name: 'timeframe', value: '1m' },
    ]);
    expect(body.error).toBeUndefined();
    expect(status).toBe(200);
    expect(body.data).toEqual({
      market: 'EURUSD',
      timeframe: '1m',
      format: 'metatrader',
      imported: 6771,
      rejected: 0,
      rejectedSamples: [],
      first: '2020-06-01T00:00:00.000Z',
      last: '2020-06-05T16:58:00.000Z',
      gaps: [],
      storedRows: 6771,
    });

    const stored = await new BarStore(testApp.marketDataDir).read('EURUSD', '1m');
    expect(stored?.t.length).toBe(6771);
    expect([stored?.o[0], stored?.h[0], stored?.l[0], stored?.c[0]]).toEqual([
      1.11329, 1.11345, 1.11325, 1.11344,
    ]);

    const userToken = (await login(testApp, await createUser(testApp))).jwt;
    const list = await testApp.call<MarketDataSet[]>({ ...requestOf(API.marketdata.list), token: userToken });
    expect(list.body.data).toEqual([
      {
        market: 'EURUSD',
        timeframe: '1m',
        rows: 6771,
        first: '2020-06-01T00:00:00.000Z',
        last: '2020-06-05T16:58:00.000Z',
        updatedAt: expect.any(String) as string,
      },
    ]);

    const logs = await testApp.call<LogEntry[]>({ ...requestOf(API.logs.list), token });
    const audit = logs.body.data.find((entry) => entry.action === 'MARKET_DATA_UPLOADED');
    expect(audit?.description).toContain('DAT_MT_EURUSD_M1_202006.csv');
    expect(audit?.metadata).toMatchObject({
      market: 'EURUSD',
      timeframe: '1m',
      imported: 6771,
      storedRows: 6771,
    });
  });

  it('tells the engine which market an upload changed, so it drops the bars it prepared', async () => {
    const executor = { ...inlineExecutor, pricesChanged: vi.fn() };
    const testApp = await createTestApp({ executor });
    const { token, algorithmId } = await adminWithAlgorithm(testApp, 'EURUSD');
    await upload(testApp, token, [
      { name: 'csvFile', filename: 'DAT_MT_EURUSD_M1_202006.csv', content: MT4_FILE },
      { name: 'algorithmId', value: algorithmId },
      { name: 'timeframe', value: '1m' },
    ]);
    expect(executor.pricesChanged).toHaveBeenCalledWith('EURUSD');
  });

  it('merges an overlapping second upload, its bars replacing the stored ones of the same minutes', async () => {
    const testApp = await createTestApp();
    const { token, algorithmId } = await adminWithAlgorithm(testApp, 'GOLD');
    const lines = MT4_FILE.toString('utf8').trim().split('\n');
    // The timeframe is left out: it defaults to 1m.
    const first = await upload(testApp, token, [
      { name: 'algorithmId', value: algorithmId },
      { name: 'csvFile', filename: 'first.csv', content: lines.slice(0, 4000).join('\n') },
    ]);
    expect(first.body.data.storedRows).toBe(4000);

    const second = await upload(testApp, token, [
      { name: 'csvFile', filename: 'second.CSV', content: shifted(lines.slice(3000), 0.5) },
      { name: 'algorithmId', value: algorithmId },
    ]);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ market: 'GOLD', imported: 3771, storedRows: 6771 });

    const stored = (await new BarStore(testApp.marketDataDir).read('GOLD', '1m'))!;
    expect(stored.t.length).toBe(6771);
    for (let i = 1; i < stored.t.length; i++) expect(stored.t[i]! > stored.t[i - 1]!).toBe(true);
    // Bar 2999 only came with the first upload, bars 3000 on were sent again, 0.5 higher.
    expect(stored.c[2999]).toBe(Number(lines[2999]!.split(',')[5]));
    expect(stored.c[3000]).toBeCloseTo(Number(lines[3000]!.split(',')[5]) + 0.5, 9);

    const list = await testApp.call<MarketDataSet[]>({ ...requestOf(API.marketdata.list), token });
    expect(list.body.data).toMatchObject([
      { market: 'GOLD', timeframe: '1m', rows: 6771, first: '2020-06-01T00:00:00.000Z' },
    ]);
    const [row] = await testApp.database.db.query.marketDataSets.findMany();
    expect(row?.sources.map((source) => source.file)).toEqual(['first.csv', 'second.CSV']);
  });

  it('refuses a file whose name does not end in .csv, storing nothing', async () => {
    const testApp = await createTestApp();
    const { token, algorithmId } = await adminWithAlgorithm(testApp);
    const { status, body } = await upload(testApp, token, [
      { name: 'csvFile', filename: 'prices.txt', content: '2020.06.01,00:00,1.1,1.2,1.0,1.1,0\n' },
      { name: 'algorithmId', value: algorithmId },
    ]);
    expect([status, body]).toEqual([400, { ok: false, error: UPLOAD_MESSAGES.notCsv }]);
    await expectNothingStored(testApp, token);
  });

  it('refuses a file over the size limit with 413, storing nothing', async () => {
    const testApp = await createTestApp({ uploadMaxBytes: 4096 });
    const { token, algorithmId } = await adminWithAlgorithm(testApp);
    const row = '2020.06.01,00:00,1.113290,1.113450,1.113250,1.113440,0\n';
    const tooBig = await upload(testApp, token, [
      { name: 'algorithmId', value: algorithmId },
      { name: 'csvFile', filename: 'big.csv', content: row.repeat(200) },
    ]);
    expect([tooBig.status, tooBig.body]).toEqual([413, { ok: false, error: UPLOAD_MESSAGES.tooLarge }]);
    await expectNothingStored(testApp, token);

    // A body declared larger than the limit allows is refused before it is read.
    const declared = await testApp.app.inject({
      ...requestOf(API.marketdata.upload),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(700 * 1024 * 1024),
      },
      payload: '--x--\r\n',
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({ ok: false, error: UPLOAD_MESSAGES.tooLarge });
  });

  it('asks for a file and an algorithm when either is missing', async () => {
    const testApp = await createTestApp();
    const { token, algorithmId } = await adminWithAlgorithm(testApp);
    const csv = '2020.06.01,00:00,1.113290,1.113450,1.113250,1.113440,0\n';
    const refusals = [
      await upload(testApp, token, [{ name: 'algorithmId', value: algorithmId }]),
      await upload(testApp, token, [{ name: 'csvFile', filename: 'a.csv', content: csv }]),
      await upload(testApp, token, [
        { name: 'csvFile', filename: 'a.csv', content: csv },
        { name: 'algorithmId', value: '' },
      ]),
      await testApp.call<UploadResult>({
        ...requestOf(API.marketdata.upload),
        token,
        payload: { algorithmId },
      }),
    ];
    for (const { status, body } of refusals) {
      expect([status, body]).toEqual([400, { ok: false, error: UPLOAD_MESSAGES.fileAndAlgorithm }]);
    }
    await expectNothingStored(testApp, token);
  });

  it('answers 404 for an algorithm that does not exist, whether the fields come before or after the file', async () => {
    const testApp = await createTestApp();
    const { token } = await adminWithAlgorithm(testApp);
    const csv = '2020.06.01,00:00,1.113290,1.113450,1.113250,1.113440,0\n';
    for (const algorithmId of [randomUUID(), 'not-an-id']) {
      const after = await upload(testApp, token, [
        { name: 'csvFile', filename: 'a.csv', content: csv },
        { name: 'algorithmId', value: algorithmId },
      ]);
      const before = await upload(testApp, token, [
        { name: 'algorithmId', value: algorithmId },
        { name: 'csvFile', filename: 'a.csv', content: csv },
      ]);
      for (const { status, body } of [after, before]) {
        expect([status, body]).toEqual([404, { ok: false, error: ALGORITHM_MESSAGES.notFound }]);
      }
    }
    await expectNothingStored(testApp, token);
  });

  it("refuses what the importer refuses with its message, and a timeframe other than '1m' or '1d'", async () => {
    const testApp = await createTestApp();
    const { token, algorithmId } = await adminWithAlgorithm(testApp);
    const minuteBars = Array.from(
      { length: 30 },
      (_, i) => `2020.06.01,00:${String(i).padStart(2, '0')},1.1,1.2,1.0,1.15,0`,
    ).join('\n');
    const highBelowLow = minuteBars.replaceAll('1.1,1.2,1.0', '1.1,1.0,1.2');
    const cases: { content: string; timeframe: string; error: RegExp }[] = [
      {
        content: 'hello world\nthis is not a price file\n',
        timeframe: '1m',
        error: /^Formato CSV non riconosciuto/,
      },
      {
        content: '2020.06.01,00:00,abc,def,ghi,jkl,0\n2020.06.01,00:01,x,y,z,w,0\n',
        timeframe: '1m',
        error: /^Formato CSV non riconosciuto/,
      },
      { content: highBelowLow, timeframe: '1m', error: /^Nessuna barra valida/ },
      { content: minuteBars, timeframe: '1d', error: /1 minuto.*1d/ },
      { content: minuteBars, timeframe: '5m', error: /Timeframe non valido/ },
    ];
    for (const { content, timeframe, error } of cases) {
      const { status, body } = await upload(testApp, token, [
        { name: 'csvFile', filename: 'bad.csv', content },
        { name: 'algorithmId', value: algorithmId },
        { name: 'timeframe', value: timeframe },
      ]);
      expect(status, content.slice(0, 30)).toBe(400);
      expect(body.ok).toBe(false);
      expect(body.error).toMatch(error);
      expect(body.error).not.toBe(UPLOAD_MESSAGES.error);
    }
    await expectNothingStored(testApp, token);
  });

  it('refuses a second file in the same upload', async () => {
    const testApp = await createTestApp();
    const { token, algorithmId } = await adminWithAlgorithm(testApp);
    const csv = '2020.06.01,00:00,1.113290,1.113450,1.113250,1.113440,0\n';
    const { status, body } = await upload(testApp, token, [
      { name: 'algorithmId', value: algorithmId },
      { name: 'csvFile', filename: 'a.csv', content: csv },
      { name: 'csvFile', filename: 'b.csv', content: csv },
    ]);
    expect([status, body]).toEqual([400, { ok: false, error: UPLOAD_REFUSALS.oneFile }]);
    await expectNothingStored(testApp, token);
  });

  it('refuses users, salesmen and visitors, storing nothing', async () => {
    const testApp = await createTestApp();
    const { token: adminToken, algorithmId } = await adminWithAlgorithm(testApp);
    const csv = '2020.06.01,00:00,1.113290,1.113450,1.113250,1.113440,0\n';
    const parts: Part[] = [
      { name: 'csvFile', filename: 'a.csv', content: csv },
      { name: 'algorithmId', value: algorithmId },
    ];
    for (const role of ['user', 'sales'] as const) {
      const token = (await login(testApp, await createUser(testApp, { role }))).jwt;
      const { status, body } = await upload(testApp, token, parts);
      expect([status, body]).toEqual([403, { ok: false, error: SESSION_MESSAGES.forbidden }]);
    }
    expect((await upload(testApp, undefined, parts)).status).toBe(401);
    await expectNothingStored(testApp, adminToken);
  });
});
