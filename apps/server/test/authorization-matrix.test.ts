// Every API route called as visitor, user, sales and admin, each refused or let through as its
// declaration in contracts says (its access); the app registers exactly the declared routes, so
// none can be added without saying who may call it.
import type { Endpoint, Role } from '@platform/contracts';
import { ENDPOINTS } from '@platform/contracts/api';
import { describe, expect, it } from 'vitest';
import { createUser, login } from './support/factories';
import { createTestApp } from './support/test-app';

type Caller = 'visitor' | Role;
const CALLERS: Caller[] = ['visitor', 'user', 'sales', 'admin'];

function allowed(access: Endpoint['access'], who: Caller): boolean {
  if (access === 'public' || access === 'optional-session') return true;
  if (who === 'visitor') return false;
  return access !== 'admin' || who === 'admin';
}

const nameOf = ({ method, path }: Pick<Endpoint, 'method' | 'path'>) => `${method} ${path}`;

describe('authorization matrix', () => {
  it('registers exactly the routes declared in contracts', async () => {
    const testApp = await createTestApp();
    const routes = testApp.app.apiRoutes.map(({ method, url }) => `${method} ${url}`).sort();
    expect(routes).toEqual(ENDPOINTS.map(nameOf).sort());
  });

  it('lets each caller through exactly where the declared access says, refusing others with 401 or 403', async () => {
    const testApp = await createTestApp();
    const tokens: Partial<Record<Caller, string>> = {};
    for (const role of ['user', 'sales', 'admin'] as const) {
      tokens[role] = (await login(testApp, await createUser(testApp, { role }))).jwt;
    }
    const randomId = '3f2b8c1e-7d4a-4b6e-9c2d-5a1e8f7b6c3d';

    // Logout ends the caller's session, so it goes last, after logout-everywhere which needs one.
    const rank = ({ path }: Endpoint) => (path.endsWith('/logout') ? 2 : path.includes('logout') ? 1 : 0);
    const logoutLast = [...ENDPOINTS].sort((a, b) => rank(a) - rank(b));
    for (const { method, path, access } of logoutLast) {
      const route = `${method} ${path}`;
      for (const who of CALLERS) {
        const token = tokens[who as Role];
        const response = await testApp.app.inject({
          method,
          url: path.replace(':id', randomId),
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        const label = `${route} as ${who} -> ${response.statusCode} ${response.body.slice(0, 120)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (allowed(access, who)) {
          expect([401, 403], label).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, label).toBe(who === 'visitor' ? 401 : 403);
          expect(response.json<{ ok: boolean }>().ok, label).toBe(false);
        }
      }
    }
  });
});
