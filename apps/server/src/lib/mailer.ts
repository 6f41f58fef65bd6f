// Outgoing mail behind one interface: an SMTP relay when SMTP_URL is set, otherwise each
// message is written as an RFC 5322 .eml file into the outbox folder and the file is logged.
// Neither logs a link: a reset or invitation link is a password in all but name.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export function createOutboxMailer(outboxDir: string, from: string, logger: Pick<Logger, 'info'>): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const file = join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}
