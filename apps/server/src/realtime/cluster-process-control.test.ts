import { CORE_SERVICES, NO_PM_ID, type ProcessInfo } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { clusterList } from './cluster-process-control';

const process = (
  pmId: number,
  name: string,
  status: string,
  restarts = 0,
  startedAt = 1000,
): ProcessInfo => ({
  pm_id: pmId,
  name,
  pm2_env: {
    status,
    restart_time: restarts,
    version: '1.0.0',
    pm_uptime: status === 'online' ? startedAt : 0,
    watch: false,
  },
});

/** A host's own list: its core services, then its bots. */
const host = (daemon: string, bots: ProcessInfo[], daemonRestarts = 0) => [
  process(0, CORE_SERVICES.monitoring, 'online'),
  process(1, CORE_SERVICES.daemon, daemon, daemonRestarts, 500),
  ...bots,
];

const monitoring = { online: true, startedAt: 100, restarts: 0 };

describe('Client Processes across bot hosts', () => {
  it('lists every host’s bots once, and the investments no host runs without a process', () => {
    const list = clusterList({
      hosts: [
        host('online', [process(0, 'bot-a', 'online', 2)]),
        host('online', [process(0, 'bot-b', 'online')]),
      ],
      states: [
        { id: 'bot-a', isRunning: 1, statusMessage: null },
        { id: 'bot-b', isRunning: 1, statusMessage: 'Mercato chiuso: riapre lunedì' },
        { id: 'bot-stopped', isRunning: 0, statusMessage: null },
        { id: 'bot-failed', isRunning: 2, statusMessage: 'Credenziali rifiutate' },
      ],
      monitoring,
      version: '1.0.0',
    });

    expect(list.map((entry) => [entry.name, entry.pm_id, entry.pm2_env.status])).toEqual([
      [CORE_SERVICES.monitoring, 0, 'online'],
      [CORE_SERVICES.daemon, 1, 'online'],
      ['bot-a', 0, 'online'],
      ['bot-b', 0, 'online'],
      ['bot-stopped', NO_PM_ID, 'stopped'],
      ['bot-failed', NO_PM_ID, 'errored'],
    ]);
    expect(list.find((entry) => entry.name === 'bot-b')?.pm2_env.statusMessage).toBe(
      'Mercato chiuso: riapre lunedì',
    );
    expect(list.find((entry) => entry.name === 'bot-failed')?.pm2_env.statusMessage).toBe(
      'Credenziali rifiutate',
    );
  });

  it('shows a bot handed from a dying host to another once, as it runs on the new one', () => {
    const list = clusterList({
      hosts: [host('online', [process(3, 'bot', 'stopping')]), host('online', [process(0, 'bot', 'online')])],
      states: [{ id: 'bot', isRunning: 1, statusMessage: null }],
      monitoring,
      version: '1.0.0',
    });
    expect(list.filter((entry) => entry.name === 'bot')).toEqual([expect.objectContaining({ pm_id: 0 })]);
  });

  it('shows one Daemon for every host: online while all are, its restarts counted over them', () => {
    const oneStopped = clusterList({
      hosts: [host('online', [], 1), host('stopped', [], 2)],
      states: [],
      monitoring,
      version: '1.0.0',
    });
    const daemon = oneStopped.find((entry) => entry.name === CORE_SERVICES.daemon);
    expect(daemon?.pm2_env).toMatchObject({ status: 'stopped', restart_time: 3 });

    const none = clusterList({ hosts: [], states: [], monitoring, version: '1.0.0' });
    expect(none.find((entry) => entry.name === CORE_SERVICES.daemon)?.pm2_env.status).toBe('stopped');
  });
});
