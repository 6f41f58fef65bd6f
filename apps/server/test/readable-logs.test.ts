// Logs a person can read (issue 14, point 10): LOG_FORMAT or the terminal picks JSON or readable
// lines, request lines name the request and the user, and security events are warn lines that
// carry no password, code or secret.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { ConfigError, loadConfig } from '../src/config';
import { createLogger, logFormatFor, type LogFormat } from '../src/lib/logger';
import { totpCode } from '../src/lib/totp';
import { createUser, enableOtp, login } from './support/factories';
import { createTestApp } from './support/test-app';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  userId?: string | null;
  securityEvent?: string;
}

const WARN = 40;

function captured(format: LogFormat = 'json') {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return {
    logger: createLogger({ level: 'info', format, colorize: false, destination }),
    lines,
    parsed: () => lines.map((line) => JSON.parse(line) as LogLine),
  };
}

describe('log format', () => {
  it('parses LOG_FORMAT, and without it writes readable lines to a terminal and JSON elsewhere', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
    expect(loadConfig({ DATA_DIR: dataDir }).logFormat).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'xml' })).toThrow(ConfigError);

    expect(logFormatFor(undefined, true)).toBe('pretty');
    expect(logFormatFor(undefined, false)).toBe('json');
    expect(logFormatFor('json', true)).toBe('json');
    expect(logFormatFor('pretty', false)).toBe('pretty');
  });

  it('writes a readable line in the pretty format', async () => {
    const { logger, lines } = captured('pretty');
    logger.warn({ userId: 'u-1' }, 'account locked');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] WARN: account locked$/);
    expect(lines.join('\n')).toContain('userId: "u-1"');
  });
});

/** A bot process started without a hub: it logs why it cannot start, on a pipe as under pm2, and exits. */
async function botStartFailureLine(logFormat: string | undefined): Promise<string> {
  const entry = fileURLToPath(new URL('../src/bots/process/bot-main.ts', import.meta.url));
  const env = {
    PATH: process.env.PATH,
    BOT_INVESTMENT_ID: 'inv-1',
    ...(logFormat ? { LOG_FORMAT: logFormat } : {}),
  };
  const failed = await promisify(execFile)(process.execPath, ['--import', 'tsx', entry], { env }).catch(
    (error: unknown) => error as { stdout: string },
  );
  return failed.stdout.trim();
}

describe('worker and bot processes', () => {
  it('a bot writes JSON to a pipe, as pm2 gives it, and readable lines when LOG_FORMAT=pretty', async () => {
    const json = JSON.parse(await botStartFailureLine(undefined)) as LogLine & {
      investmentId: string;
      error: string;
    };
    expect(json).toMatchObject({ msg: 'bot could not start', investmentId: 'inv-1' });
    expect(await botStartFailureLine('pretty')).toMatch(
      /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] ERROR: bot could not start\n\s+investmentId: "inv-1"/,
    );
    // Its settings are parsed at start: the line names the one missing.
    expect(json.error).toContain('BOT_HUB_PORT');
  });
});

describe('request and security log lines', () => {
  it('name the request and the user on the lines of an authenticated call', async () => {
    const { logger, parsed } = captured();
    const testApp = await createTestApp({ logger });
    const user = await createUser(testApp);
    const session = await login(testApp, user);
    await testApp.call({ ...requestOf(API.logs.list), token: session.jwt });

    const completed = parsed().filter((line) => line.msg === 'request completed');
    expect(completed.at(-1)?.userId).toBe(user.id);
    expect(completed.at(-1)?.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('warn of throttling and of a lock, without the passwords tried', async () => {
    const { logger, lines, parsed } = captured();
    const testApp = await createTestApp({
      logger,
      loginThrottle: { accountMaxFailures: 3, addressMaxFailures: 50, lockMinutes: 15, hashConcurrency: 2 },
    });
    const user = await createUser(testApp);
    for (let i = 0; i < 4; i++) {
      await testApp.call({
        ...requestOf(API.auth.login),
        payload: { username: user.username, password: `Wrong-Secret-${i}` },
      });
    }
    const warnings = parsed().filter((line) => line.level === WARN);
    expect(warnings.map((line) => line.securityEvent)).toEqual(['LOGIN_LOCKED', 'LOGIN_THROTTLED']);
    expect(lines.join('\n')).not.toMatch(/Wrong-Secret/);
  });

  it('warn of a 2FA change, without its code or secret', async () => {
    const { logger, lines, parsed } = captured();
    const testApp = await createTestApp({ logger });
    const user = await createUser(testApp);
    const session = await login(testApp, user);
    const secret = await enableOtp(testApp, session.jwt);

    expect(parsed().filter((line) => line.level === WARN)).toEqual([
      expect.objectContaining({ securityEvent: 'OTP_ENABLED', userId: user.id }),
    ]);
    const log = lines.join('\n');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(totpCode(secret, new Date(testApp.clock.now().getTime() - 30_000)));
  });
});
