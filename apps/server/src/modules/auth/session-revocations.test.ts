import type { UserRow } from '@platform/db';
import { describe, expect, it } from 'vitest';
import { SessionCache, type SessionLookup } from './session-cache';
import {
  SESSION_REVOCATIONS_CHANNEL,
  sessionCacheFor,
  type RevocationNotifications,
} from './session-revocations';

const lookup = (userId: string): SessionLookup => ({
  user: { id: userId } as UserRow,
  revoked: false,
  createdAt: new Date(0),
});

/** One channel's listeners in memory, as PostgreSQL's NOTIFY reaches every listening process. */
function bus() {
  const listeners: ((payload: string) => void)[] = [];
  const reconnects: (() => void)[] = [];
  const notifications: RevocationNotifications = {
    listen: (channel, listener) => {
      expect(channel).toBe(SESSION_REVOCATIONS_CHANNEL);
      listeners.push(listener);
      return Promise.resolve();
    },
    notify: (_channel, payload) => {
      for (const listener of listeners) listener(payload);
      return Promise.resolve();
    },
    onReconnect: (listener) => reconnects.push(listener),
  };
  return {
    notifications,
    send: (payload: string) => notifications.notify('x', payload),
    reconnect: () => reconnects.forEach((run) => run()),
  };
}

/** Once the listen and what follows it have run. */
const listening = () => new Promise((resolve) => setImmediate(resolve));

/** Two processes' caches, each holding the same sessions once their channel listens. */
async function twoProcesses() {
  const shared = bus();
  const here = sessionCacheFor(shared.notifications);
  const there = sessionCacheFor(shared.notifications);
  await listening();
  for (const cache of [here, there]) {
    cache.store('s1', lookup('u1'), cache.begin());
    cache.store('s2', lookup('u1'), cache.begin());
    cache.store('s3', lookup('u2'), cache.begin());
  }
  return { ...shared, here, there };
}

describe('shared session cache', () => {
  it("forgets in every process a session and a user's sessions that one process forgot", async () => {
    const { here, there } = await twoProcesses();
    here.forgetSession('s3');
    expect(there.get('s3')).toBeUndefined();
    here.forgetUser('u1');
    expect(there.get('s1')).toBeUndefined();
    expect(there.get('s2')).toBeUndefined();
  });

  it('forgets everything once its notifications listen again after a drop', async () => {
    const { here, reconnect } = await twoProcesses();
    reconnect();
    expect(['s1', 's2', 's3'].map((id) => here.get(id))).toEqual([undefined, undefined, undefined]);
  });

  it('ignores what is not a revocation on the channel', async () => {
    const { there, send } = await twoProcesses();
    await send('not json');
    await send('{"session":1}');
    await send('null');
    expect(there.get('s1')?.user.id).toBe('u1');
  });

  it('keeps entries five seconds once shared, two while its channel cannot listen', async () => {
    const time = { now: 0 };
    const entryLife = async (notifications: RevocationNotifications) => {
      const cache = sessionCacheFor(notifications, new SessionCache(undefined, () => time.now));
      await listening();
      time.now = 0;
      cache.store('s1', lookup('u1'), cache.begin());
      for (time.now = 0; cache.get('s1'); time.now += 500);
      return time.now;
    };
    expect(await entryLife(bus().notifications)).toBe(5000);
    const down = new Error('no connection');
    expect(
      await entryLife({
        listen: () => Promise.reject(down),
        notify: () => Promise.reject(down),
        onReconnect: () => undefined,
      }),
    ).toBe(2000);
  });
});
