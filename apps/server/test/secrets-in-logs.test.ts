// Issue 14, secrets out of logs: with the outbox mailer (no SMTP_URL) a password-reset link is
// written to its .eml file and nowhere in the log, and request log lines carry paths, never the
// query strings where links and calls put tokens, ciphertexts and coordinates.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it, onTestFinished } from 'vitest';
import { requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { hashToken } from '../src/lib/crypto';
import { createOutboxMailer, type MailMessage } from '../src/lib/mailer';
import { createUser } from './support/factories';
import { createTestApp, MemoryMailer } from './support/test-app';

interface LogLine {
  msg: string;
  req?: { url: string };
  file?: string;
}

/** A logger at info, as `npm start` runs, whose JSON lines land in the returned array. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return {
    logger: pino({ level: 'info' }, stream),
    lines,
    parsed: () => lines.map((line) => JSON.parse(line) as LogLine),
  };
}

describe('secrets out of logs', () => {
  it('never logs a reset link: not the outbox line, not the page request, not the reset call', async () => {
    const { logger, lines, parsed } = capturedLogger();
    const outboxDir = await mkdtemp(join(tmpdir(), 'outbox-'));
    onTestFinished(() => rm(outboxDir, { recursive: true, force: true }));
    // The server's own outbox mailer, teed into memory so the test can follow the link.
    const outbox = createOutboxMailer(outboxDir, 'Platform <no-reply@platform.test>', logger);
    const memory = new MemoryMailer();
    const mailer = {
      send: async (message: MailMessage) => {
        await outbox.send(message);
        await memory.send(message);
      },
    };
    const testApp = await createTestApp({ logger, mailer });
    const user = await createUser(testApp);

    await testApp.call({
      ...requestOf(API.auth.passwordResetRequest),
      payload: { username: user.username },
    });
    const link = new URL(memory.linksTo(user.username)[0] ?? '');
    const token = link.searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    // The browser opens the link, then the page sends the token with the new password.
    await testApp.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const reset = await testApp.call({
      ...requestOf(API.auth.passwordReset),
      payload: { token, newPassword: 'A-brand-new-pass-1' },
    });
    expect(reset.status).toBe(200);

    const [eml] = await readdir(outboxDir);
    const outboxLine = parsed().find((line) => line.msg === 'mail written to outbox');
    expect(outboxLine?.file).toBe(join(outboxDir, eml ?? ''));
    expect(parsed().some((line) => line.req?.url === '/reset-password')).toBe(true);
    const logged = lines.join('');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(hashToken(token));
    expect(logged).not.toContain('reset-password?');
  });

  it('logs request paths without their query strings', async () => {
    const { logger, lines, parsed } = capturedLogger();
    const testApp = await createTestApp({ logger });
    const ciphertext = '0f1e2d3c4b5a69788796a5b4c3d2e1f0:9a8b7c6d5e4f';
    await testApp.app.inject({ ...requestOf(API.weather.forecast, undefined, { q: '45.4642,9.1900' }) });
    await testApp.app.inject({
      ...requestOf(API.accounts.list, undefined, { ciphertext, token: 'abc123secret' }),
    });
    await testApp.app.inject({ method: 'GET', url: '/dashboard?view=accounts&token=abc123secret' });

    const urls = parsed().flatMap((line) => (line.req ? [line.req.url] : []));
    expect(urls).toEqual([API.weather.forecast.path, API.accounts.list.path, '/dashboard']);
    const logged = lines.join('');
    for (const secret of ['45.4642', ciphertext, 'abc123secret']) expect(logged).not.toContain(secret);
  });
});
