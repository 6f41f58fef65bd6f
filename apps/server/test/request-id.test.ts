// Issue 34, operations: every request has an id, answered in X-Request-Id and carried by every
// log line written while it runs, the lines services write through their own loggers included
// (here the security log's lock warning, written from a POST whose body was parsed first). A
// caller's well-formed X-Request-Id is kept; a malformed one is replaced, never echoed.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { createUser } from './support/factories';
import { createTestApp } from './support/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  msg: string;
  reqId?: string;
}

function capturedLogger() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const lockingThrottle = {
  accountMaxFailures: 1,
  addressMaxFailures: 1000,
  lockMinutes: 15,
  hashConcurrency: 2,
};

describe('request ids', () => {
  it('answers a new id in X-Request-Id and writes it on every line of the request, service lines included', async () => {
    const { logger, lines } = capturedLogger();
    const testApp = await createTestApp({ logger, loginThrottle: lockingThrottle });
    const user = await createUser(testApp);
    const before = lines.length;

    const response = await testApp.app.inject({
      ...requestOf(API.auth.login),
      payload: { username: user.username, password: 'not-the-password' },
    });
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(UUID);
    const written = lines.slice(before);
    // One line per request, at its end (request-logging.ts).
    expect(written.filter((line) => line.msg === 'request completed')).toHaveLength(1);
    // The security log's warning, written by the login throttle through the logger it was given at start.
    expect(written.some((line) => line.msg.startsWith('Accesso bloccato'))).toBe(true);
    for (const line of written) expect(line.reqId, line.msg).toBe(requestId);

    const next = await testApp.app.inject({ ...requestOf(API.health.status) });
    expect(next.headers['x-request-id']).toMatch(UUID);
    expect(next.headers['x-request-id']).not.toBe(requestId);
  });

  it('writes the id on the service lines of a GET too, which keeps no scope of its own', async () => {
    const { logger, lines } = capturedLogger();
    const testApp = await createTestApp({ logger });
    const before = lines.length;
    const response = await testApp.app.inject({
      ...requestOf(API.weather.forecast, undefined, { q: '45.46,9.19' }),
    });
    const written = lines.slice(before);
    // The weather service's warning (no key here), written through the logger it was given at start.
    expect(written.map((line) => line.msg)).toContain(
      'weather forecast asked for, but WEATHER_API_KEY is not set',
    );
    for (const line of written) expect(line.reqId, line.msg).toBe(response.headers['x-request-id']);
  });

  it("keeps a caller's well-formed X-Request-Id, in the answer and in the log", async () => {
    const { logger, lines } = capturedLogger();
    const testApp = await createTestApp({ logger });
    for (const given of [
      '3f2b8c1e-7d4a-4b6e-9c2d-5a1e8f7b6c3d',
      '01HZX3KQ8V9N2W6T4R5Y7M0P1C',
      'lb-7:42.abc_DEF',
    ]) {
      const before = lines.length;
      const response = await testApp.app.inject({
        ...requestOf(API.health.status),
        headers: { 'x-request-id': given },
      });
      expect(response.headers['x-request-id']).toBe(given);
      const written = lines.slice(before);
      expect(written.length).toBeGreaterThan(0);
      for (const line of written) expect(line.reqId).toBe(given);
    }
  });

  it('replaces a malformed or oversized X-Request-Id with a new one and never echoes it', async () => {
    const { logger, lines } = capturedLogger();
    const testApp = await createTestApp({ logger });
    for (const given of [
      '',
      'has spaces in it',
      '<script>alert(1)</script>',
      'x'.repeat(129),
      'a,b',
      'ümlaut',
    ]) {
      const before = lines.length;
      const response = await testApp.app.inject({
        ...requestOf(API.health.status),
        headers: { 'x-request-id': given },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-request-id'], given).toMatch(UUID);
      expect(JSON.stringify(lines.slice(before))).not.toContain(given || '"reqId":""');
    }
  });

  it('answers the id on refusals too: unknown paths, malformed JSON, router refusals', async () => {
    const testApp = await createTestApp();
    const unknown = await testApp.app.inject({
      method: 'GET',
      url: `${API_PREFIX}does-not-exist`,
      headers: { 'x-request-id': 'trace-1' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['x-request-id']).toBe('trace-1');

    const malformed = await testApp.app.inject({
      ...requestOf(API.auth.login),
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-2' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ ok: false });
    expect(malformed.headers['x-request-id']).toBe('trace-2');

    // A malformed escape, refused before any route: written into the path as it is.
    const refused = await testApp.app.inject({
      method: 'GET',
      url: API.backtests.get.path.replace(':id', '%E0%A4%A'),
      headers: { 'x-request-id': 'trace-3' },
    });
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.headers['x-request-id']).toBe('trace-3');
  });
});
