import { NO_PM_ID, type Investment, type ProcessInfo } from '@platform/contracts';
import { toProcessRow } from './components/process-columns';
import { describe, expect, it } from 'vitest';
import { confirmCommandMessage } from './process-command';
import {
  compareProcesses,
  formatElapsed,
  formatLogLine,
  processDisplayName,
  processIdLabel,
  processReason,
  processStatus,
  processUptime,
} from './process-display';

const process = (status: string, restarts = 0, startedAt = 1_000): ProcessInfo => ({
  pm_id: 3,
  name: 'inv-1',
  pm2_env: { status, restart_time: restarts, version: '1.0.0', pm_uptime: startedAt, watch: false },
});

const investment = (id: string, accountId: string, username: string) =>
  ({
    _id: id,
    account: { _id: `a-${id}`, accountId, username, owner: { _id: 'o', username, isPro: false } },
  }) as Investment;

describe('processStatus', () => {
  it('is a green Online without restarts', () => {
    expect(processStatus(process('online'))).toEqual({ label: 'Online', tone: 'online' });
  });

  it('counts the restarts in amber', () => {
    expect(processStatus(process('online', 4))).toEqual({ label: 'Online (4 restarts)', tone: 'restarted' });
  });

  it('is a red Offline when not online or missing', () => {
    for (const status of ['stopped', 'errored', 'launching', 'stopping']) {
      expect(processStatus(process(status, 2))).toEqual({ label: 'Offline', tone: 'offline' });
    }
    expect(processStatus(undefined)).toEqual({ label: 'Offline', tone: 'offline' });
  });
});

describe('a bot that waits or failed', () => {
  const reason = 'Mercato GOLD chiuso su Capital.com: il bot riprende da solo alla riapertura';
  const told = (statusMessage: string | null | undefined): ProcessInfo => {
    const base = process('online');
    return { ...base, pm2_env: { ...base.pm2_env, statusMessage } };
  };

  it("shows its investment's reason under the status", () => {
    expect(processReason(told(` ${reason} `))).toBe(reason);
    expect(toProcessRow(told(reason), 'DEMO-0001 demo@example.com', 2_000)).toMatchObject({
      status: { label: 'Online', tone: 'online' },
      reason,
    });
  });

  it('says nothing when there is nothing to say', () => {
    for (const statusMessage of [null, undefined, '  '])
      expect(processReason(told(statusMessage))).toBeNull();
  });
});

describe('a bot without a process', () => {
  const without = (name: string): ProcessInfo => ({ ...process('stopped'), pm_id: NO_PM_ID, name });

  it("has no number: its ID reads '-'", () => {
    expect(processIdLabel(without('inv-2'))).toBe('-');
    expect(processIdLabel(process('online'))).toBe('3');
    expect(toProcessRow(without('inv-2'), 'inv-2', 0).id).toBe('-');
  });

  it("comes after the processes pm2 holds, which keep pm2's order", () => {
    const held = [5, 0, 3].map((pmId) => ({ ...process('online'), pm_id: pmId, name: `p${pmId}` }));
    const sorted = [without('x'), ...held].sort(compareProcesses).map((entry) => entry.name);
    expect(sorted).toEqual(['p0', 'p3', 'p5', 'x']);
  });
});

describe('formatElapsed', () => {
  it('uses seconds, minutes, hours, then days', () => {
    expect(formatElapsed(0)).toBe('0s');
    expect(formatElapsed(59_999)).toBe('59s');
    expect(formatElapsed(60_000)).toBe('1min');
    expect(formatElapsed(59 * 60_000 + 59_999)).toBe('59min');
    expect(formatElapsed(3_600_000)).toBe('1h');
    expect(formatElapsed(23 * 3_600_000 + 3_599_999)).toBe('23h');
    expect(formatElapsed(86_400_000)).toBe('1 day');
    expect(formatElapsed(3 * 86_400_000 + 5 * 3_600_000)).toBe('3 days');
  });

  it('never goes negative when the clocks disagree', () => {
    expect(formatElapsed(-5_000)).toBe('0s');
  });
});

describe('processUptime', () => {
  it('is the time since the (re)start of a running process', () => {
    expect(processUptime(process('online', 0, 10_000), 10_000 + 90_000)).toBe('1min');
  });

  it('is a dash for a process that does not run', () => {
    expect(processUptime(process('stopped', 0, 10_000), 100_000)).toBe('-');
    expect(processUptime(process('online', 0, 0), 100_000)).toBe('-');
    expect(processUptime(undefined, 100_000)).toBe('-');
  });
});

describe('processDisplayName', () => {
  const investments = [
    investment('inv-1', 'DEMO-0001', 'demo@example.com'),
    investment('inv-2', 'PAPER-2', 'marco@example.com'),
  ];

  it("shows a bot as its investment's account id and username", () => {
    expect(processDisplayName('inv-2', investments)).toBe('PAPER-2 marco@example.com');
  });

  it('falls back to the raw name for an unknown investment', () => {
    expect(processDisplayName('inv-9', investments)).toBe('inv-9');
    expect(processDisplayName('inv-1', [])).toBe('inv-1');
  });
});

describe('formatLogLine', () => {
  it("reads 'name TYPE: message'", () => {
    expect(formatLogLine({ processName: 'inv-1', type: 'err', message: 'order refused' })).toBe(
      'inv-1 ERR: order refused',
    );
    expect(formatLogLine({ processName: 'Daemon', type: 'out', message: 'started' })).toBe(
      'Daemon OUT: started',
    );
  });
});

describe('confirmCommandMessage', () => {
  it('names the command in capitals and the process as shown', () => {
    expect(
      confirmCommandMessage({
        action: 'reset',
        processName: 'inv-1',
        displayName: 'DEMO-0001 demo@example.com',
      }),
    ).toBe('Sei sicuro di voler inviare il comando RESET a DEMO-0001 demo@example.com?');
  });
});

describe('bots of several bot hosts', () => {
  const on = (host: string, pmId: number): ProcessInfo => {
    const base = process('online');
    return { ...base, pm_id: pmId, name: `${host}-${pmId}`, pm2_env: { ...base.pm2_env, host } };
  };

  it("name their host beside pm2's number, which each host counts from 0", () => {
    expect(processIdLabel(on('host-b', 0))).toBe('0 · host-b');
    expect(processIdLabel(on('host-a', 0))).not.toBe(processIdLabel(on('host-b', 0)));
  });

  it('are listed host by host, each in its pm2 order', () => {
    const listed = [on('host-b', 0), on('host-a', 1), on('host-b', 1), on('host-a', 0)];
    expect(listed.sort(compareProcesses).map((entry) => entry.name)).toEqual([
      'host-a-0',
      'host-a-1',
      'host-b-0',
      'host-b-1',
    ]);
  });
});
