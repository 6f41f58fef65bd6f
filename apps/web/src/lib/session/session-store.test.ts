import type { SessionUser } from '@platform/contracts';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { MemoryStorage } from '../../testing/memory-storage';
import { createAppStorage } from '../storage';
import { createSessionStore } from './session-store';

const user: SessionUser = {
  _id: '0b6f1e8e-4b8a-4c43-9d1c-6a3a0b0c7e11',
  firstname: 'Mario',
  lastname: 'Rossi',
  username: 'mario@example.com',
  role: 'user',
  isPro: false,
  request: { status: 'approved' },
  otp: { status: 'disabled' },
};

const setup = () => {
  const backend = new MemoryStorage();
  const storage = createAppStorage(() => backend);
  return { storage, store: createSessionStore(storage) };
};

describe('session store', () => {
  it('persists a started session so a new store (a reload) finds it', () => {
    const { storage, store } = setup();
    store.start({ jwt: 'j1', refreshToken: 'r1', user });
    expect(createSessionStore(storage).getSnapshot()).toEqual({ jwt: 'j1', refreshToken: 'r1', user });
  });

  it('replaces both tokens and tells subscribers', () => {
    const { store } = setup();
    store.start({ jwt: 'j1', refreshToken: 'r1', user });
    const listener = vi.fn();
    store.subscribe(listener);
    store.replaceTokens('j2', 'r2');
    expect(store.getSnapshot()).toMatchObject({ jwt: 'j2', refreshToken: 'r2' });
    expect(listener).toHaveBeenCalledOnce();
  });

  it('ends the session but keeps the remembered login', () => {
    const { storage, store } = setup();
    storage.write('rememberMeCredentials', { username: user.username, rememberToken: 't' });
    store.start({ jwt: 'j1', refreshToken: 'r1', user });
    store.end();
    expect(store.getSnapshot()).toBeNull();
    expect(storage.read('jwt', z.string())).toBeNull();
    expect(storage.read('user', z.unknown())).toBeNull();
    expect(storage.read('rememberMeCredentials', z.unknown())).toEqual({
      username: user.username,
      rememberToken: 't',
    });
  });
});

describe('session store over unreadable storage', () => {
  it('keeps failing after the first read cleared storage, so the app stays down', () => {
    const backend = new MemoryStorage();
    backend.setItem('jwt', '%%%');
    const store = createSessionStore(createAppStorage(() => backend));
    expect(() => store.getSnapshot()).toThrow(/"jwt"/);
    expect(backend.length).toBe(0);
    expect(() => store.getSnapshot()).toThrow(/"jwt"/);
  });
});
