// Issue 34, operations: the probes of a process manager or load balancer. Liveness answers while
// the process serves HTTP; readiness only while the database answers and the server is not
// draining (a shutdown has begun), else 503 with the reason in the envelope.
import { describe, expect, it } from 'vitest';
import { requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { HEALTH_MESSAGES } from '../src/modules/health/health.routes';
import { ServerLifecycle } from '../src/modules/health/server-lifecycle';
import { createTestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';

const database = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

describe('liveness and readiness', () => {
  it('is live and ready while the database answers', async () => {
    const testApp = await createTestApp();
    expect(await testApp.call({ ...requestOf(API.health.live) })).toEqual({
      status: 200,
      body: { ok: true, data: { status: 'live' } },
    });
    expect(await testApp.call({ ...requestOf(API.health.ready) })).toEqual({
      status: 200,
      body: { ok: true, data: { status: 'ready', database } },
    });
  });

  it('is not ready once the server drains, and still live', async () => {
    const lifecycle = new ServerLifecycle();
    const testApp = await createTestApp({ lifecycle });
    lifecycle.startDraining();
    expect(await testApp.call({ ...requestOf(API.health.ready) })).toEqual({
      status: 503,
      body: { ok: false, error: HEALTH_MESSAGES.draining },
    });
    expect((await testApp.call({ ...requestOf(API.health.live) })).status).toBe(200);
  });

  it('is not ready while the database is unreachable, and still live', async () => {
    // The test owns this database (createTestApp closes only a database it made).
    const handle = await createTestDatabase();
    const testApp = await createTestApp({ database: handle });
    expect((await testApp.call({ ...requestOf(API.health.ready) })).status).toBe(200);
    await handle.close();
    expect(await testApp.call({ ...requestOf(API.health.ready) })).toEqual({
      status: 503,
      body: { ok: false, error: HEALTH_MESSAGES.databaseDown },
    });
    expect((await testApp.call({ ...requestOf(API.health.live) })).status).toBe(200);
  });
});
