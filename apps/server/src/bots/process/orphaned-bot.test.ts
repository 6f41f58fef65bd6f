import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { stopDaemonIfOrphaned } from './orphaned-bot';

const errors: string[] = [];
const logger = { error: (_fields: object, message: string) => void errors.push(message) };

describe('a bot that outlives its host', () => {
  it('leaves pm2 alone while its host runs', () => {
    expect(stopDaemonIfOrphaned(process.pid, logger)).toBe(false);
    expect(stopDaemonIfOrphaned(undefined, logger)).toBe(false);
  });

  it('never signals a parent that is not pm2’s daemon, even when its host is gone', () => {
    const ended = spawnSync(process.execPath, ['-e', '0']);
    expect(ended.pid).toBeGreaterThan(0);
    // This test's parent is Vitest's, not a God Daemon: nothing is signalled.
    expect(stopDaemonIfOrphaned(ended.pid, logger)).toBe(false);
    expect(errors).toEqual([]);
  });
});
