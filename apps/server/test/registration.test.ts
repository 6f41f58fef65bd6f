import { CONTACT_MESSAGES, LOGIN_MESSAGES, requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { users } from '@platform/db';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

/** Does what the ALTCHA widget does in the browser: fetch a challenge, solve it, encode the payload. */
async function solvedCaptcha(testApp: TestApp): Promise<string> {
  const { body } = await testApp.call<Challenge>({ ...requestOf(API.auth.captcha) });
  const solution = await solveChallenge({ challenge: body.data, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: body.data, solution })).toString('base64');
}

const request = {
  firstname: 'Giulia',
  username: 'Giulia.Verdi@Example.com',
  message: 'Vorrei aprire un conto e investire in GOLD.',
};

const register = (testApp: TestApp, payload: Record<string, unknown>) =>
  testApp.call({ ...requestOf(API.auth.register), payload });

describe('registration request', () => {
  it('creates a pending user without a password and tells the admins', async () => {
    const testApp = await createTestApp();
    const admin = await createUser(testApp, { role: 'admin' });
    const answer = await register(testApp, { ...request, token: await solvedCaptcha(testApp) });
    expect(answer.body).toEqual({ ok: true, data: null });

    const [created] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'giulia.verdi@example.com'));
    expect(created).toMatchObject({
      firstname: 'Giulia',
      requestStatus: 'pending',
      role: 'user',
      passwordHash: null,
      requestMessage: request.message,
    });
    expect(testApp.mailer.sent.map((mail) => mail.to)).toEqual([admin.username]);
    expect(testApp.mailer.sent[0]?.text).toContain(request.message);

    const loginAttempt = await testApp.call({
      ...requestOf(API.auth.login),
      payload: { username: request.username, password: 'anything-goes' },
    });
    expect(loginAttempt.body.error).toBe(LOGIN_MESSAGES.invalidCredentials);
  });

  it('refuses a missing, forged or replayed captcha', async () => {
    const testApp = await createTestApp();
    const missing = await register(testApp, { ...request, token: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(CONTACT_MESSAGES.captchaRequired);

    const forged = await register(testApp, {
      ...request,
      token: Buffer.from('{"challenge":{},"solution":{}}').toString('base64'),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe(CONTACT_MESSAGES.captchaInvalid);

    const token = await solvedCaptcha(testApp);
    expect((await register(testApp, { ...request, token })).body.ok).toBe(true);
    const replayed = await register(testApp, { ...request, username: 'other@example.com', token });
    expect(replayed.body.error).toBe(CONTACT_MESSAGES.captchaInvalid);
    expect(
      await testApp.database.db.select().from(users).where(eq(users.username, 'other@example.com')),
    ).toHaveLength(0);
  });

  it('answers ok for an address that exists and leaves that account untouched', async () => {
    const testApp = await createTestApp();
    const existing = await createUser(testApp, { username: 'giulia.verdi@example.com' });
    const answer = await register(testApp, { ...request, token: await solvedCaptcha(testApp) });
    expect(answer.body.ok).toBe(true);
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(row?.requestStatus).toBe('approved');
    expect(row?.passwordHash).toBe(existing.passwordHash);
  });

  it('checks the contact form rules with the spec messages', async () => {
    const testApp = await createTestApp();
    const cases: [Record<string, unknown>, string][] = [
      [{ firstname: 'G' }, CONTACT_MESSAGES.nameTooShort],
      [{ firstname: '   ' }, CONTACT_MESSAGES.nameRequired],
      [{ username: 'not-an-email' }, CONTACT_MESSAGES.emailInvalid],
      [{ message: 'short' }, CONTACT_MESSAGES.messageTooShort],
    ];
    for (const [override, message] of cases) {
      const answer = await register(testApp, { ...request, token: 'x', ...override });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(message);
    }
  });
});
