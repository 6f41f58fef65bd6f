// No route answers 500 to bad input: every API route, called anonymously and with a valid
// session, with broken JSON, an empty object, wrong types and a 10 MB body.
import { describe, expect, it } from 'vitest';
import { requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { createUser, login } from './support/factories';
import { createTestApp } from './support/test-app';

const WRONG_TYPES = {
  username: 42,
  password: ['x'],
  otpCode: { a: 1 },
  token: 7,
  refreshToken: false,
  firstname: null,
  message: 12,
  currentPassword: 1,
  newPassword: {},
  confirmPassword: [],
  secret: 3,
  rememberMe: 'yes',
  rememberToken: 99,
};

function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, '00000000-0000-0000-0000-000000000000');
}

function expectClientError(label: string, response: { statusCode: number; body: string }) {
  expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, label).toBeLessThan(500);
  const body = JSON.parse(response.body) as { ok: boolean; error: unknown };
  expect(body.ok, label).toBe(false);
  expect(typeof body.error, label).toBe('string');
  expect((body.error as string).length, label).toBeGreaterThan(0);
}

describe('malformed input', () => {
  it('gets a 4xx envelope on every route, never a 500', async () => {
    const testApp = await createTestApp();
    const token = (await login(testApp, await createUser(testApp))).jwt;
    const routes = testApp.app.apiRoutes.filter((route) => route.method !== 'GET');
    expect(routes.length).toBeGreaterThan(8);
    const tenMegabytes = JSON.stringify({ username: 'x'.repeat(10 * 1024 * 1024) });

    for (const route of routes) {
      const url = concrete(route.url);
      const method = route.method as 'POST';
      for (const auth of [{}, { authorization: `Bearer ${token}` }]) {
        const label = `${route.method} ${route.url} ${'authorization' in auth ? 'with session' : 'anonymous'}`;
        const json = { ...auth, 'content-type': 'application/json' };
        const cases = [
          ['broken JSON', '{"username": "a", ', json],
          ['empty object', '{}', json],
          ['wrong types', JSON.stringify(WRONG_TYPES), json],
          ['a JSON array', '[1,2,3]', json],
          ['10 MB body', tenMegabytes, json],
          ['plain text', 'hello', { ...auth, 'content-type': 'text/plain' }],
        ] as const;
        for (const [name, payload, headers] of cases) {
          const response = await testApp.app.inject({ method, url, payload, headers });
          // Logout accepts an empty body by design: it is the one route that may say ok.
          if (route.url === API.auth.logout.path && response.statusCode === 200) continue;
          expectClientError(`${label}: ${name}`, response);
        }
      }
    }
  });

  it('names the missing field in Italian', async () => {
    const testApp = await createTestApp();
    const { status, body } = await testApp.call({ ...requestOf(API.auth.refresh), payload: {} });
    expect(status).toBe(400);
    expect(body.error).toBe('Campo obbligatorio mancante: refreshToken.');
    const wrongType = await testApp.call({ ...requestOf(API.auth.refresh), payload: { refreshToken: 5 } });
    expect(wrongType.body.error).toBe('Campo non valido: refreshToken (atteso string).');
  });
});
