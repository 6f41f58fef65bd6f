// Issue 14, behind a proxy: TRUST_PROXY names the proxies whose X-Forwarded-For is believed, so
// rate limits and the audit log see the client; from anyone else the header changes nothing.
import { auditLogs } from '@platform/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { ConfigError, loadConfig } from '../src/config';
import { createUser } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

const SECRETS = { JWT_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'a'.repeat(64) };
const CLIENT = '203.0.113.7';
const OTHER_CLIENT = '198.51.100.23';

/** The weather call allows 30 a minute per address; without a key it answers 503 until then. */
const weather = (testApp: TestApp, forwardedFor: string, remoteAddress = '127.0.0.1') =>
  testApp.app.inject({
    ...requestOf(API.weather.forecast, undefined, { q: '45.46,9.19' }),
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

/** The address the audit log records for a failed login sent through a proxy. */
async function auditedAddress(testApp: TestApp, remoteAddress: string): Promise<string | null | undefined> {
  const user = await createUser(testApp);
  await testApp.app.inject({
    ...requestOf(API.auth.login),
    remoteAddress,
    headers: { 'x-forwarded-for': CLIENT },
    payload: { username: user.username, password: 'wrong-password' },
  });
  const [row] = await testApp.database.db.select().from(auditLogs).where(eq(auditLogs.userId, user.id));
  return row?.ipAddress;
}

describe('TRUST_PROXY', () => {
  it('is parsed as addresses and CIDR ranges, absent by default, and never true', () => {
    expect(loadConfig(SECRETS).trustProxy).toBeUndefined();
    expect(loadConfig({ ...SECRETS, TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(
      loadConfig({ ...SECRETS, TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.10', '::1', 'fd00::/8', 'loopback']);
    for (const wrong of ['true', '*', '1', '10.0.0.0/33', '::1/129', '127.0.0.1,', 'proxy.example.com']) {
      expect(() => loadConfig({ ...SECRETS, TRUST_PROXY: wrong }), wrong).toThrow(ConfigError);
    }
    expect(() => loadConfig({ ...SECRETS, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('with TRUST_PROXY=127.0.0.1 counts and audits the forwarded client', async () => {
    const testApp = await createTestApp({ trustProxy: ['127.0.0.1'] });
    for (let call = 0; call < 30; call++) expect((await weather(testApp, CLIENT)).statusCode).toBe(503);
    expect((await weather(testApp, CLIENT)).statusCode).toBe(429);
    expect((await weather(testApp, OTHER_CLIENT)).statusCode).toBe(503);
    expect(await auditedAddress(testApp, '127.0.0.1')).toBe(CLIENT);
    // A sender that is not the proxy cannot name a client.
    expect(await auditedAddress(testApp, OTHER_CLIENT)).toBe(OTHER_CLIENT);
  });

  it('without TRUST_PROXY ignores X-Forwarded-For', async () => {
    const testApp = await createTestApp();
    for (let call = 0; call < 30; call++) expect((await weather(testApp, CLIENT)).statusCode).toBe(503);
    expect((await weather(testApp, OTHER_CLIENT)).statusCode).toBe(429);
    expect(await auditedAddress(testApp, '127.0.0.1')).toBe('127.0.0.1');
  });
});
