// Reads the mails the server wrote to DATA_DIR/outbox (no SMTP_URL in tests).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Undoes quoted-printable: soft line breaks and =XX escapes (a link's '=' arrives as '=3D'). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The link of an invitation or a password-reset mail. */
export const RESET_LINK = /https?:\/\/\S+\/reset-password\?token=[\w-]+/;

/** The first link matching pattern in the newest mail that has one, waiting for it to be written. */
export async function waitForMailLink(
  outboxDir: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(outboxDir).catch(() => []))
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const link = decodeQuotedPrintable(await readFile(join(outboxDir, file), 'utf8')).match(pattern)?.[0];
      if (link) return link;
    }
    await new Promise((wake) => setTimeout(wake, 200));
  }
  throw new Error(`No mail in ${outboxDir} has a link matching ${pattern}.`);
}
