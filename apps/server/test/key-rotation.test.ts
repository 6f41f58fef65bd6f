// Ciphertexts at rest bound to their row, and the master key's rotation (issue 14 point 9): the
// re-encryption that `npm run rotate-key` runs, on this run's database (PGlite, or PostgreSQL).
import type { Account, Investment } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { accounts, users } from '@platform/db';
import { eq } from 'drizzle-orm';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestOf } from '@platform/contracts';
import { AtRestCipher, deriveKey, keyId, type AtRestPurpose } from '../src/lib/crypto';
import { cellOf, SEALED_COLUMNS } from '../src/lib/sealed-columns';
import { totpCode } from '../src/lib/totp';
import { KeysRepository } from '../src/modules/keys/keys.repository';
import { KeysService, UnreadableCiphertextError } from '../src/modules/keys/keys.service';
import { createUser, DEFAULT_PASSWORD, enableOtp, login } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

const oldKey = randomBytes(32).toString('hex');
const newKey = randomBytes(32).toString('hex');

/** What the browser does with WebCrypto after Verify. */
function reveal(ciphertext: string, revealKey: string): string {
  const [ivHex, bodyHex] = ciphertext.split(':') as [string, string];
  const decipher = createDecipheriv('aes-256-cbc', Buffer.from(revealKey, 'hex'), Buffer.from(ivHex, 'hex'));
  return Buffer.concat([decipher.update(Buffer.from(bodyHex, 'hex')), decipher.final()]).toString('utf8');
}

/** The format of before key ids: base64url of iv | tag | ciphertext, no associated data. */
function legacyCiphertext(masterKey: string, purpose: AtRestPurpose, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(masterKey, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

const liveAccount = { isDemo: false, username: 'trader.one', password: 'broker-secret', apikey: 'key-123' };

/** A customer with 2FA, a live account and a running investment on it (and an admin, with 2FA as admins must). */
async function customerWithSecrets(testApp: TestApp) {
  const user = await createUser(testApp);
  const token = (await login(testApp, user)).jwt;
  const otpSecret = await enableOtp(testApp, token);
  const account = (
    await testApp.call<Account>({
      ...requestOf(API.accounts.add),
      token,
      payload: { ...liveAccount, accountId: `CAP-${user.id.slice(0, 8)}` },
    })
  ).body.data;
  const adminToken = (await login(testApp, await createUser(testApp, { role: 'admin' }))).jwt;
  const algorithm = await testApp.call<{ _id: string }>({
    ...requestOf(API.algorithms.add),
    token: adminToken,
    payload: { name: 'Grid GOLD', description: 'Griglia', minCapital: 1000, market: 'GOLD' },
  });
  const investment = await testApp.call<Investment>({
    ...requestOf(API.investments.add),
    token,
    payload: {
      accountId: account._id,
      algorithmId: algorithm.body.data._id,
      capital: 10_000,
      parameters: { leverage: 20, size: 1, additional: 0.5, maxcontracts: 10 },
    },
  });
  return { user, otpSecret, account, investmentId: investment.body.data._id };
}

/** Logs in with password and a fresh code, opens the reveal and answers the account's credentials in clear. */
async function loginWithCodeAndReveal(testApp: TestApp, username: string, otpSecret: string) {
  testApp.clock.advance(5 * 60_000); // past every code step the other app's clock spent
  const session = await testApp.call<{ jwt: string }>({
    ...requestOf(API.auth.login),
    payload: { username, password: DEFAULT_PASSWORD, otpCode: totpCode(otpSecret, testApp.clock.now()) },
  });
  expect(session.body.error).toBeUndefined();
  const token = session.body.data.jwt;
  const verified = await testApp.call<{ revealKey: string }>({
    ...requestOf(API.auth.verifyPassword),
    token,
    payload: { password: DEFAULT_PASSWORD },
  });
  const [account] = (await testApp.call<Account[]>({ ...requestOf(API.accounts.list), token })).body.data;
  const key = verified.body.data.revealKey;
  return {
    username: reveal(account?.username ?? '', key),
    password: reveal(account?.password ?? '', key),
    apikey: reveal(account?.apikey ?? '', key),
  };
}

/** What the server's link to Capital.com does with an account's credentials (bots/hub/capital-links.ts): decrypts them under its keys. */
async function botCredentials(
  testApp: TestApp,
  investmentId: string,
  masterKeys: { current: string; previous: string[] },
) {
  const secrets = await testApp.app.services.bots.capitalAccount(investmentId);
  const cipher = new AtRestCipher(masterKeys, 'broker-credentials');
  return {
    identifier: cipher.decrypt(
      secrets.identifier,
      cellOf(SEALED_COLUMNS.accountUsername, secrets.accountRowId),
    ),
    password: cipher.decrypt(secrets.password, cellOf(SEALED_COLUMNS.accountPassword, secrets.accountRowId)),
  };
}

describe('secrets at rest', () => {
  it('binds each ciphertext to its row: a credential or a TOTP secret copied into another row does not decrypt', async () => {
    const testApp = await createTestApp({ encryptionKey: oldKey });
    const first = await customerWithSecrets(testApp);
    const second = await customerWithSecrets(testApp);
    const { db } = testApp.database;
    const [source] = await db.select().from(accounts).where(eq(accounts.id, first.account._id));
    expect(source?.passwordEncrypted.startsWith(`${keyId(oldKey)}.`)).toBe(true);
    await db
      .update(accounts)
      .set({ passwordEncrypted: source?.passwordEncrypted })
      .where(eq(accounts.id, second.account._id));
    await expect(
      botCredentials(testApp, second.investmentId, { current: oldKey, previous: [] }),
    ).rejects.toThrow(/does not authenticate/);
    await expect(
      botCredentials(testApp, first.investmentId, { current: oldKey, previous: [] }),
    ).resolves.toEqual({
      identifier: 'trader.one',
      password: 'broker-secret',
    });

    // The second customer's row now holds the first one's 2FA secret: the first one's codes do not open it.
    const [firstUser] = await db.select().from(users).where(eq(users.id, first.user.id));
    await db.update(users).set({ otpSecret: firstUser?.otpSecret }).where(eq(users.id, second.user.id));
    testApp.clock.advance(60_000);
    const stolen = await testApp.call({
      ...requestOf(API.auth.login),
      payload: {
        username: second.user.username,
        password: DEFAULT_PASSWORD,
        otpCode: totpCode(first.otpSecret, testApp.clock.now()),
      },
    });
    expect(stolen.status).not.toBe(200);
    expect(JSON.stringify(stolen.body)).not.toContain('jwt');
  });

  it('rotates the master key: after rotate-key the new key alone logs in with 2FA and reveals credentials, the old one reads nothing', async () => {
    const before = await createTestApp({ encryptionKey: oldKey });
    const customer = await customerWithSecrets(before);
    await before.app.close();

    const keys = new KeysService(new KeysRepository(before.database.db), {
      current: newKey,
      previous: [oldKey],
    });
    const counts = await keys.reencrypt('all');
    expect(counts).toEqual(
      expect.arrayContaining([
        { table: 'users', column: 'otp_secret', reencrypted: 2, unchanged: 0 }, // the customer's and the admin's
        { table: 'accounts', column: 'password_encrypted', reencrypted: 1, unchanged: 0 },
        { table: 'accounts', column: 'apikey_encrypted', reencrypted: 1, unchanged: 0 },
      ]),
    );
    // A second run finds everything under the new key already.
    expect((await keys.reencrypt('all')).every((column) => column.reencrypted === 0)).toBe(true);

    const after = await createTestApp({ database: before.database, encryptionKey: newKey });
    expect(await loginWithCodeAndReveal(after, customer.user.username, customer.otpSecret)).toEqual({
      username: 'trader.one',
      password: 'broker-secret',
      apikey: 'key-123',
    });
    await expect(
      botCredentials(after, customer.investmentId, { current: newKey, previous: [] }),
    ).resolves.toEqual({
      identifier: 'trader.one',
      password: 'broker-secret',
    });
    await expect(
      botCredentials(after, customer.investmentId, { current: oldKey, previous: [] }),
    ).rejects.toThrow(/unknown key id/);
    const [user] = await after.database.db.select().from(users).where(eq(users.id, customer.user.id));
    const oldTotp = new AtRestCipher({ current: oldKey, previous: [] }, 'totp-secrets');
    expect(() =>
      oldTotp.decrypt(user?.otpSecret ?? '', cellOf(SEALED_COLUMNS.otpSecret, customer.user.id)),
    ).toThrow(/unknown key id/);
  });

  it('writes nothing when one value opens with none of the keys', async () => {
    const testApp = await createTestApp({ encryptionKey: oldKey });
    const first = await customerWithSecrets(testApp);
    const second = await customerWithSecrets(testApp);
    const stranger = new AtRestCipher(
      { current: randomBytes(32).toString('hex'), previous: [] },
      'broker-credentials',
    );
    const { db } = testApp.database;
    await db
      .update(accounts)
      .set({
        apikeyEncrypted: stranger.encrypt(
          'key-123',
          cellOf(SEALED_COLUMNS.accountApiKey, second.account._id),
        ),
      })
      .where(eq(accounts.id, second.account._id));
    const [firstBefore] = await db.select().from(accounts).where(eq(accounts.id, first.account._id));

    const keys = new KeysService(new KeysRepository(db), { current: newKey, previous: [oldKey] });
    await expect(keys.reencrypt('all')).rejects.toThrow(UnreadableCiphertextError);
    const [firstAfter] = await db.select().from(accounts).where(eq(accounts.id, first.account._id));
    expect(firstAfter).toEqual(firstBefore);
  });

  it('binds the values of the format without key id to their rows at start, so an existing DATA_DIR loses nothing', async () => {
    const testApp = await createTestApp({ encryptionKey: oldKey });
    const customer = await customerWithSecrets(testApp);
    const { db } = testApp.database;
    // As an install of before this change left them.
    await db
      .update(users)
      .set({ otpSecret: legacyCiphertext(oldKey, 'totp-secrets', customer.otpSecret) })
      .where(eq(users.id, customer.user.id));
    await db
      .update(accounts)
      .set({
        usernameEncrypted: legacyCiphertext(oldKey, 'broker-credentials', 'trader.one'),
        passwordEncrypted: legacyCiphertext(oldKey, 'broker-credentials', 'broker-secret'),
        apikeyEncrypted: legacyCiphertext(oldKey, 'broker-credentials', 'key-123'),
      })
      .where(eq(accounts.id, customer.account._id));

    const counts = await new KeysService(new KeysRepository(db), { current: oldKey, previous: [] }).reencrypt(
      'legacy',
    );
    expect(counts.reduce((sum, column) => sum + column.reencrypted, 0)).toBe(4);
    const [account] = await db.select().from(accounts).where(eq(accounts.id, customer.account._id));
    expect(account?.passwordEncrypted.startsWith(`${keyId(oldKey)}.`)).toBe(true);
    expect(await loginWithCodeAndReveal(testApp, customer.user.username, customer.otpSecret)).toEqual({
      username: 'trader.one',
      password: 'broker-secret',
      apikey: 'key-123',
    });
  });
});
