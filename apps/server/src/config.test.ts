import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tempDir = () => mkdtempSync(join(tmpdir(), 'config-'));

describe('configuration', () => {
  it('has working defaults and generates the secrets once into DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first).toMatchObject({
      port: 8080,
      adminEmail: 'admin@example.com',
      demoData: true,
      publicUrl: 'http://localhost:8080',
    });
    expect(first.encryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);

    const restarted = loadConfig({ DATA_DIR: dataDir });
    expect(restarted.jwtSecret).toBe(first.jwtSecret);
    expect(restarted.encryptionKey).toBe(first.encryptionKey);
  });

  it('demands 2FA of admins by default, of the roles REQUIRE_2FA_FOR lists otherwise, and refuses unknown roles', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).otpRequiredFor).toEqual(['admin']);
    expect(loadConfig({ DATA_DIR: dataDir, REQUIRE_2FA_FOR: 'admin, sales' }).otpRequiredFor).toEqual([
      'admin',
      'sales',
    ]);
    expect(loadConfig({ DATA_DIR: dataDir, REQUIRE_2FA_FOR: '' }).otpRequiredFor).toEqual([]);
    expect(() => loadConfig({ DATA_DIR: dataDir, REQUIRE_2FA_FOR: 'admin,root' })).toThrow(ConfigError);
    expect(loadConfig({ DATA_DIR: dataDir, LOGIN_MAX_FAILURES: '5' }).loginThrottle).toEqual({
      accountMaxFailures: 5,
      addressMaxFailures: 50,
      lockMinutes: 15,
      hashConcurrency: 2,
    });
  });

  it('uses given secrets without writing any file', () => {
    const dataDir = tempDir();
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 's'.repeat(40),
      ENCRYPTION_KEY: 'AB'.repeat(32),
    });
    expect(config.encryptionKey).toBe('ab'.repeat(32));
    expect(() => readFileSync(join(dataDir, 'secrets.json'))).toThrow();
  });

  it('reads the keys of before a rotation from ENCRYPTION_KEY_PREVIOUS, comma-separated', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).previousEncryptionKeys).toEqual([]);
    const config = loadConfig({
      DATA_DIR: dataDir,
      ENCRYPTION_KEY_PREVIOUS: ` ${'AB'.repeat(32)}, ${'cd'.repeat(32)} `,
    });
    expect(config.previousEncryptionKeys).toEqual(['ab'.repeat(32), 'cd'.repeat(32)]);
    expect(() => loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY_PREVIOUS: 'not-a-key' })).toThrow(
      /ENCRYPTION_KEY_PREVIOUS/,
    );
  });

  it('turns demo data off with DEMO_DATA=0 or --no-demo-data', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, DEMO_DATA: '0' }).demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir }, ['--no-demo-data']).demoData).toBe(false);
  });

  it('stops with a message naming each bad variable', () => {
    const attempt = () =>
      loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty', ENCRYPTION_KEY: 'short', ADMIN_EMAIL: 'nope' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/ENCRYPTION_KEY/);
    expect(attempt).toThrow(/ADMIN_EMAIL/);
  });

  it('replays stored bars at real time by default, and needs Capital.com credentials for its quote feed', () => {
    const dataDir = tempDir();
    const defaults = loadConfig({ DATA_DIR: dataDir });
    expect(defaults).toMatchObject({ feedSpeed: 1, demoBroker: 'paper', feed: { source: 'replay' } });
    expect(loadConfig({ DATA_DIR: dataDir, FEED_SPEED: '60' }).feedSpeed).toBe(60);
    expect(() => loadConfig({ DATA_DIR: dataDir, FEED_SPEED: '0' })).toThrow(/FEED_SPEED/);
    expect(() => loadConfig({ DATA_DIR: dataDir, FEED_SOURCE: 'capital' })).toThrow(/CAPITAL_FEED_API_KEY/);
    const streamed = loadConfig({
      DATA_DIR: dataDir,
      FEED_SOURCE: 'capital',
      CAPITAL_FEED_API_KEY: 'key',
      CAPITAL_FEED_IDENTIFIER: 'me@example.com',
      CAPITAL_FEED_PASSWORD: 'secret',
    });
    expect(streamed.feed).toEqual({
      source: 'capital',
      demo: true,
      apiKey: 'key',
      identifier: 'me@example.com',
      password: 'secret',
    });
  });
});
