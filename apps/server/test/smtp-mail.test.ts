// The reset mail over a real SMTP conversation: nodemailer talks to an smtp-server listener on
// loopback, and the link read from the received message resets the password.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it, onTestFinished } from 'vitest';
import { requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { createSmtpMailer } from '../src/lib/mailer';
import { createUser } from './support/factories';
import { createTestApp, PUBLIC_URL } from './support/test-app';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

async function startSmtpServer(): Promise<{
  url: string;
  received: ReceivedMail[];
  next: () => Promise<ReceivedMail>;
}> {
  const received: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        waiting.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next: () => new Promise((resolve) => waiting.push(resolve)),
  };
}

/** Undoes quoted-printable soft line breaks and escapes, as a mail client would. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('mail over SMTP', () => {
  it('delivers the reset link through a real SMTP conversation', async () => {
    const smtp = await startSmtpServer();
    const testApp = await createTestApp({
      mailer: createSmtpMailer(smtp.url, 'Trading Platform <no-reply@platform.test>'),
    });
    const user = await createUser(testApp);

    const arrival = smtp.next();
    const answer = await testApp.call({
      ...requestOf(API.auth.passwordResetRequest),
      payload: { username: user.username },
    });
    expect(answer.body.ok).toBe(true);
    const mail = await arrival;

    expect(mail.from).toBe('no-reply@platform.test');
    expect(mail.to).toEqual([user.username]);
    expect(mail.raw).toMatch(/^Subject: Trading Platform - Reimposta la password/m);
    const link = decodeQuotedPrintable(mail.raw).match(
      new RegExp(`${PUBLIC_URL}/reset-password\\?token=[\\w-]+`),
    )?.[0];
    expect(link).toBeDefined();

    const token = new URL(link ?? '').searchParams.get('token');
    const reset = await testApp.call({
      ...requestOf(API.auth.passwordReset),
      payload: { token, newPassword: 'Mailed-link-pass-1' },
    });
    expect(reset.body.ok).toBe(true);
    const loginAfter = await testApp.call({
      ...requestOf(API.auth.login),
      payload: { username: user.username, password: 'Mailed-link-pass-1' },
    });
    expect(loginAfter.status).toBe(200);
  });
});
