import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processRuns } from './process-runs';

describe('whether a process runs', () => {
  it('says so of this process and not of one that has ended, nor of no pid', () => {
    expect(processRuns(process.pid)).toBe(true);
    const ended = spawnSync(process.execPath, ['-e', '0']);
    expect(processRuns(ended.pid)).toBe(false);
    expect(processRuns(0)).toBe(false);
    expect(processRuns(Number(''))).toBe(false);
  });
});
