import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { MemoryStorage } from '../testing/memory-storage';
import { createAppStorage, decodeValue, encodeValue, StorageError } from './storage';

const setup = () => {
  const backend = new MemoryStorage();
  return { backend, storage: createAppStorage(() => backend) };
};

describe('storage transform', () => {
  it('round-trips JSON values, accents included', () => {
    const value = {
      username: 'mario.rossi@example.com',
      note: 'però è così',
      count: 3,
      nested: [true, null],
    };
    expect(decodeValue(encodeValue(value))).toEqual(value);
  });

  it('does not store the value as readable text', () => {
    expect(encodeValue({ rememberToken: 'secret-token' })).not.toContain('secret-token');
  });

  it('refuses text that is not an encoded JSON value', () => {
    expect(() => decodeValue('not base64 at all!')).toThrow();
    expect(() => decodeValue(btoa('{broken json'))).toThrow();
  });
});

describe('app storage', () => {
  it('reads back what it wrote and null for a missing key', () => {
    const { storage } = setup();
    storage.write('jwt', 'a.b.c');
    expect(storage.read('jwt', z.string())).toBe('a.b.c');
    expect(storage.read('refreshToken', z.string())).toBeNull();
  });

  it('clears everything and throws naming the key when a value does not decode', () => {
    const { backend, storage } = setup();
    storage.write('rememberMeCredentials', { username: 'a@b.it', rememberToken: 't' });
    backend.setItem('user', '%%%');
    expect(() => storage.read('user', z.object({}))).toThrow(StorageError);
    expect(() => storage.read('user', z.object({}))).not.toThrow();
    expect(backend.length).toBe(0);
  });

  it('treats a value of the wrong shape like an unreadable one', () => {
    const { backend, storage } = setup();
    storage.write('jwt', 42);
    expect(() => storage.read('jwt', z.string())).toThrow(/"jwt"/);
    expect(backend.length).toBe(0);
  });

  it('reports a refused write with the key and the browser message', () => {
    const { backend, storage } = setup();
    backend.failWrites = new Error('QuotaExceededError');
    expect(() => storage.write('isDark', true)).toThrow(StorageError);
    expect(() => storage.write('isDark', true)).toThrow(/"isDark".*QuotaExceededError/);
  });

  it('clears the app keys except the ones kept', () => {
    const { storage } = setup();
    storage.write('jwt', 'x');
    storage.write('refreshToken', 'y');
    storage.write('rememberMeCredentials', { username: 'a@b.it', rememberToken: 't' });
    storage.clearExcept(['rememberMeCredentials']);
    expect(storage.read('jwt', z.string())).toBeNull();
    expect(storage.read('refreshToken', z.string())).toBeNull();
    const remembered = z.object({ username: z.string(), rememberToken: z.string() });
    expect(storage.read('rememberMeCredentials', remembered)).toEqual({
      username: 'a@b.it',
      rememberToken: 't',
    });
  });
});
