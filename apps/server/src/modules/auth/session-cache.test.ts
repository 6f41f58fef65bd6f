import type { UserRow } from '@platform/db';
import { describe, expect, it } from 'vitest';
import { SessionCache, type SessionLookup } from './session-cache';

const lookup = (userId: string): SessionLookup => ({
  user: { id: userId } as UserRow,
  revoked: false,
  createdAt: new Date(0),
});

function cacheAt(ttlMs = 2000) {
  const time = { now: 0 };
  return { cache: new SessionCache(ttlMs, () => time.now), time };
}

describe('SessionCache', () => {
  it('answers a stored look-up until its TTL has passed, then asks again', () => {
    const { cache, time } = cacheAt();
    cache.store('s1', lookup('u1'), cache.begin());
    time.now = 1999;
    expect(cache.get('s1')?.user.id).toBe('u1');
    time.now = 2000;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('forgets a session, and every session of a user, at once', () => {
    const { cache } = cacheAt();
    cache.store('s1', lookup('u1'), cache.begin());
    cache.store('s2', lookup('u1'), cache.begin());
    cache.store('s3', lookup('u2'), cache.begin());
    cache.forgetSession('s3');
    expect(cache.get('s3')).toBeUndefined();
    cache.forgetUser('u1');
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeUndefined();
  });

  it('never stores a look-up that began before a revocation: it may have read the old row', () => {
    const { cache } = cacheAt();
    const begun = cache.begin();
    cache.forgetSession('s1');
    cache.store('s1', lookup('u1'), begun);
    expect(cache.get('s1')).toBeUndefined();

    const later = cache.begin();
    cache.store('s1', lookup('u1'), later);
    expect(cache.get('s1')?.user.id).toBe('u1');
  });

  it('stores nothing with a TTL of 0', () => {
    const { cache } = cacheAt(0);
    cache.store('s1', lookup('u1'), cache.begin());
    expect(cache.get('s1')).toBeUndefined();
  });
});
