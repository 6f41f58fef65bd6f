import type { LogEntry } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { createUser, login } from './support/factories';
import { createTestApp } from './support/test-app';

describe('GET /api/common/logs', () => {
  it('shows admins every row and others only their own, newest first', async () => {
    const testApp = await createTestApp();
    const admin = await createUser(testApp, { role: 'admin', firstname: 'Ada' });
    const user = await createUser(testApp, { firstname: 'Ugo' });
    const userSession = await login(testApp, user);
    testApp.clock.advance(1000);
    const adminSession = await login(testApp, admin);
    await testApp.call({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: 'wrong-password' } });

    const mine = await testApp.call<LogEntry[]>({ method: 'GET', url: '/api/common/logs', token: userSession.jwt });
    expect(mine.body.data.map((entry) => entry.action)).toEqual(['LOGIN_FAILED', 'LOGIN_SUCCESS']);
    expect(mine.body.data.every((entry) => entry.user?._id === user.id)).toBe(true);

    const all = await testApp.call<LogEntry[]>({ method: 'GET', url: '/api/common/logs', token: adminSession.jwt });
    // Besides the user's two rows, the admin's own: its login and the 2FA setup its role must make.
    expect(all.body.data.filter((entry) => entry.user?._id !== admin.id)).toHaveLength(2);
    const times = all.body.data.map((entry) => Date.parse(entry.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The admin's rows share the test clock's instant, so their order among themselves is the ids'.
    expect(all.body.data.find((entry) => entry.user?._id === admin.id && entry.action === 'LOGIN_SUCCESS')).toMatchObject({
      user: { firstname: 'Ada' },
      ipAddress: '127.0.0.1',
    });
  });

  it('is closed to visitors', async () => {
    const testApp = await createTestApp();
    const answer = await testApp.call({ method: 'GET', url: '/api/common/logs' });
    expect(answer.status).toBe(401);
    expect(answer.body.ok).toBe(false);
  });
});
