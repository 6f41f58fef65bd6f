// Test data with overrides (STYLE.md): users in any state, logged-in sessions.
import { users, type NewUserRow, type UserRow } from '@platform/db';
import type { LoginResponse, OtpSetupRequiredResponse } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { requestOf } from '@platform/contracts';
import { totpCode } from '../../src/lib/totp';
import type { TestApp } from './test-app';

export const DEFAULT_PASSWORD = 'Correct-Horse-9';

/**
 * Users made here carry a cheap argon2id hash (1 MiB, one pass). Its cost is written in the hash,
 * so logging them in is as cheap: at the production cost, 64 MiB and 3 passes, each hash and each
 * check takes about a quarter of a second on this machine, and the suite makes hundreds. Hashes the
 * app makes keep the production cost (password-reset.test.ts checks it).
 */
const cheapHash = (password: string) =>
  argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });

export async function createUser(
  testApp: TestApp,
  overrides: Partial<NewUserRow> & { password?: string | null } = {},
): Promise<UserRow> {
  const { password = DEFAULT_PASSWORD, ...values } = overrides;
  const [user] = await testApp.database.db
    .insert(users)
    .values({
      firstname: 'Mario',
      lastname: 'Rossi',
      username: `user-${randomUUID().slice(0, 8)}@example.com`,
      role: 'user',
      requestStatus: 'approved',
      otpStatus: 'disabled',
      passwordHash: password === null ? null : await cheapHash(password),
      ...values,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
}

/** The 2FA secrets login() set up for roles that must have 2FA (REQUIRE_2FA_FOR), by username. */
const requiredOtpSecrets = new Map<string, string>();

/**
 * Logs in with the default password. A role that must have 2FA (admins by default) sets it up on
 * its first login, as the access screen makes it, and gives a fresh code on the later ones.
 */
/** A login sent as is from an address (a distinct client of the loopback range), answered as it comes. */
export function loginAttempt(
  testApp: TestApp,
  payload: Record<string, unknown>,
  remoteAddress = '127.0.0.1',
) {
  return testApp.call<LoginResponse>({ ...requestOf(API.auth.login), payload, remoteAddress });
}

export async function login(
  testApp: TestApp,
  user: Pick<UserRow, 'username'>,
  extra: Record<string, unknown> = {},
): Promise<LoginResponse> {
  const attempt = (more: Record<string, unknown> = {}) =>
    testApp.call<LoginResponse | OtpSetupRequiredResponse>({
      ...requestOf(API.auth.login),
      payload: { username: user.username, password: DEFAULT_PASSWORD, ...extra, ...more },
    });
  let { status, body } = await attempt();
  const secret = requiredOtpSecrets.get(user.username);
  if (status === 401 && body.requiresOtp && secret && extra.otpCode === undefined) {
    // The code of the setup (or of the last login) is spent: the next one comes from a later step.
    testApp.clock.advance(30_000);
    ({ status, body } = await attempt({ otpCode: totpCode(secret, testApp.clock.now()) }));
  }
  expect(body.error, 'login should succeed').toBeUndefined();
  expect(status).toBe(200);
  return 'otpSetupToken' in body.data
    ? completeRequiredOtpSetup(testApp, user.username, body.data.otpSetupToken)
    : body.data;
}

async function completeRequiredOtpSetup(
  testApp: TestApp,
  username: string,
  setupToken: string,
): Promise<LoginResponse> {
  const setup = await testApp.call<{ secret: string }>({
    ...requestOf(API.auth.otpEnable),
    token: setupToken,
  });
  const secret = setup.body.data.secret;
  const verified = await testApp.call<LoginResponse>({
    ...requestOf(API.auth.otpVerify),
    token: setupToken,
    payload: { token: totpCode(secret, testApp.clock.now()), secret },
  });
  expect(verified.body.error, 'the required 2FA setup should succeed').toBeUndefined();
  requiredOtpSecrets.set(username, secret);
  return verified.body.data;
}

/** Turns on 2FA through the API, as a user would; answers the secret. */
export async function enableOtp(testApp: TestApp, token: string): Promise<string> {
  const setup = await testApp.call<{ secret: string }>({ ...requestOf(API.auth.otpEnable), token });
  const secret = setup.body.data.secret;
  const verified = await testApp.call({
    ...requestOf(API.auth.otpVerify),
    token,
    payload: { token: totpCode(secret, testApp.clock.now()), secret },
  });
  expect(verified.body.ok).toBe(true);
  // The code just used is spent: later codes come from the next step.
  testApp.clock.advance(30_000);
  return secret;
}
