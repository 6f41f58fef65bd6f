import { API_PREFIX, AUTH_API, urlOf } from '@platform/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { MemoryStorage } from '../testing/memory-storage';
import { ApiError, apiRequest, NETWORK_MESSAGES, setSessionRejectedHandler } from './api-client';
import { sessionStore } from './session/session-store';

/** Any path will do where the call's meaning does not matter: fetch is faked. */
const SOME_PATH = `${API_PREFIX}x`;

const answer = (status: number, body: unknown) =>
  vi
    .fn<typeof fetch>()
    .mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      ),
    );

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionRejectedHandler(() => undefined);
});

describe('apiRequest', () => {
  it('sends JSON with the given bearer and returns the checked data', async () => {
    const fetchMock = answer(200, { ok: true, data: { token: 't', refreshToken: 'r' } });
    vi.stubGlobal('fetch', fetchMock);
    const data = await apiRequest(SOME_PATH, {
      method: 'POST',
      body: { a: 1 },
      schema: z.object({ token: z.string(), refreshToken: z.string() }),
      auth: { bearer: 'pending-jwt' },
    });
    expect(data).toEqual({ token: 't', refreshToken: 'r' });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({
      authorization: 'Bearer pending-jwt',
      'content-type': 'application/json',
    });
  });

  it('throws the envelope error with its status and requiresOtp', async () => {
    vi.stubGlobal('fetch', answer(401, { ok: false, error: 'OTP code required', requiresOtp: true }));
    const error = await apiRequest(urlOf(AUTH_API.login), {
      method: 'POST',
      body: {},
      schema: z.unknown(),
      auth: 'none',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'OTP code required', status: 401, requiresOtp: true });
  });

  it('turns a network failure into a clear message', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('fetch failed')));
    await expect(apiRequest(SOME_PATH, { schema: z.unknown(), auth: 'none' })).rejects.toMatchObject({
      message: NETWORK_MESSAGES.offline,
      status: 0,
    });
  });

  it('refuses an answer that is not the envelope', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response('<html>', { status: 502 })));
    await expect(apiRequest(SOME_PATH, { schema: z.unknown(), auth: 'none' })).rejects.toMatchObject({
      message: NETWORK_MESSAGES.badResponse,
      status: 502,
    });
  });

  it('reports the session as gone on a 401 to a call made with the session token only', async () => {
    vi.stubGlobal('window', { localStorage: new MemoryStorage() });
    sessionStore.start({
      jwt: 'session-jwt',
      refreshToken: 'r',
      user: {
        _id: 'u1',
        firstname: 'A',
        lastname: 'B',
        username: 'a@b.it',
        role: 'user',
        isPro: false,
        request: { status: 'approved' },
        otp: { status: 'disabled' },
      },
    });
    const rejected = vi.fn();
    setSessionRejectedHandler(rejected);
    vi.stubGlobal('fetch', answer(401, { ok: false, error: 'Sessione non valida' }));

    await expect(
      apiRequest(urlOf(AUTH_API.me), { schema: z.unknown(), auth: { bearer: 'pending' } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(rejected).not.toHaveBeenCalled();
    await expect(apiRequest(urlOf(AUTH_API.me), { schema: z.unknown() })).rejects.toBeInstanceOf(ApiError);
    expect(rejected).toHaveBeenCalledOnce();
    sessionStore.end();
  });
});
