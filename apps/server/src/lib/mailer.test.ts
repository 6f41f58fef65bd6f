import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer } from './mailer';

describe('outbox mailer', () => {
  it('writes each message as an .eml file and logs the file, never the links', async () => {
    const outbox = join(mkdtempSync(join(tmpdir(), 'outbox-')), 'outbox');
    const logged: object[] = [];
    const mailer = createOutboxMailer(outbox, 'Platform <no-reply@platform.test>', {
      info: (object) => logged.push(object),
    });

    await mailer.send({
      to: 'anna@example.com',
      subject: 'Reimposta la password',
      text: 'Apri http://x.test/reset-password?token=abc entro 30 minuti',
    });

    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = readFileSync(join(outbox, files[0] ?? ''), 'utf8');
    expect(raw).toMatch(/^From: Platform <no-reply@platform\.test>$/m);
    expect(raw).toMatch(/^To: anna@example\.com$/m);
    expect(raw).toMatch(/^Subject: Reimposta la password$/m);
    expect(raw).toMatch(/^Message-ID: </m);
    expect(logged).toEqual([
      { to: 'anna@example.com', subject: 'Reimposta la password', file: join(outbox, files[0] ?? '') },
    ]);
    expect(JSON.stringify(logged)).not.toContain('token=abc');
  });
});
