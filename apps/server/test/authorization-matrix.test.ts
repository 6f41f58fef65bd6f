// Every API route called as visitor, user, sales and admin. The table below names who may call
// each route; the test fails when the app has a route the table lacks, so none can be forgotten.
import type { Role } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { createUser, login } from './support/factories';
import { createTestApp } from './support/test-app';

type Access = 'public' | 'signed-in' | 'admin';

const ACCESS: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/auth/captcha': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/refresh': 'public',
  // Before logout: the table's order is kept among the logout routes, which run last.
  'POST /api/auth/logout-everywhere': 'signed-in',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/remember-token/revoke': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/password-reset/request': 'public',
  'POST /api/auth/password-reset': 'public',
  'GET /api/auth/me': 'signed-in',
  'POST /api/auth/change-password': 'signed-in',
  'POST /api/auth/verify-password': 'signed-in',
  'GET /api/auth/otp/url': 'signed-in',
  'POST /api/auth/otp/enable': 'signed-in',
  'POST /api/auth/otp/verify': 'signed-in',
  'POST /api/auth/otp/disable': 'signed-in',
  'GET /api/common/logs': 'signed-in',
  'GET /api/common/logs/count': 'signed-in',
  'GET /api/common/instruments': 'signed-in',
  'GET /api/common/algorithms': 'signed-in',
  'POST /api/common/algorithms/add': 'admin',
  'PATCH /api/common/edit/algorithms/:id': 'admin',
  'GET /api/common/accounts': 'signed-in',
  'POST /api/common/accounts/add': 'signed-in',
  'PATCH /api/common/accounts/edit/:id': 'signed-in',
  'DELETE /api/common/accounts/delete/:id': 'signed-in',
  'GET /api/common/investments': 'signed-in',
  'POST /api/common/investments/add': 'signed-in',
  'PATCH /api/common/investments/edit/:id': 'signed-in',
  'PATCH /api/common/investments/delete/:id': 'signed-in',
  'PATCH /api/common/investments/start/:id': 'signed-in',
  'PATCH /api/common/investments/stop/:id': 'signed-in',
  'GET /api/common/transactions': 'signed-in',
  'GET /api/common/investments/:id/transactions.csv': 'signed-in',
  'GET /api/common/investments/:id/statement.pdf': 'signed-in',
  'GET /api/common/investments/:id/alert-settings': 'signed-in',
  'PATCH /api/common/investments/:id/alert-settings': 'signed-in',
  'GET /api/common/alerts': 'signed-in',
  'GET /api/common/alerts/unread': 'signed-in',
  'PATCH /api/common/alerts/read': 'signed-in',
  'GET /api/common/investments/:id/chart': 'signed-in',
  'GET /api/common/backtest/:id/results.csv': 'signed-in',
  'GET /api/common/backtest/:id/results/:row/equity-curve': 'signed-in',
  'GET /api/common/live-prices/:market': 'signed-in',
  'GET /api/common/backtest': 'signed-in',
  'GET /api/common/backtest/:id': 'signed-in',
  'POST /api/common/backtest': 'signed-in',
  'DELETE /api/common/backtest/:id': 'signed-in',
  'GET /api/common/analysis': 'signed-in',
  'POST /api/common/analysis': 'signed-in',
  'DELETE /api/common/analysis/:id': 'signed-in',
  'GET /api/admin/users': 'admin',
  'POST /api/admin/users/add': 'admin',
  'PATCH /api/admin/users/:id': 'admin',
  'PATCH /api/admin/users/review/:id': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
  'PATCH /api/admin/users/:id/reset-otp': 'admin',
  'GET /api/common/marketdata': 'signed-in',
  'POST /api/admin/upload-csv': 'admin',
  'GET /api/weather': 'public',
};

type Caller = 'visitor' | Role;
const CALLERS: Caller[] = ['visitor', 'user', 'sales', 'admin'];

function allowed(access: Access, who: Caller): boolean {
  if (access === 'public') return true;
  if (who === 'visitor') return false;
  return access === 'signed-in' || who === 'admin';
}

describe('authorization matrix', () => {
  it('lists every route of the app', async () => {
    const testApp = await createTestApp();
    const routes = testApp.app.apiRoutes.map((route) => `${route.method} ${route.url}`).sort();
    expect(routes).toEqual(Object.keys(ACCESS).sort());
  });

  it('lets each caller through exactly where the table says, refusing others with 401 or 403', async () => {
    const testApp = await createTestApp();
    const tokens: Partial<Record<Caller, string>> = {};
    for (const role of ['user', 'sales', 'admin'] as const) {
      tokens[role] = (await login(testApp, await createUser(testApp, { role }))).jwt;
    }
    const randomId = '3f2b8c1e-7d4a-4b6e-9c2d-5a1e8f7b6c3d';

    // Logout ends the caller's session, so it goes last.
    const logoutLast = Object.entries(ACCESS).sort(
      ([a], [b]) => Number(a.includes('logout')) - Number(b.includes('logout')),
    );
    for (const [route, access] of logoutLast) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'DELETE', string];
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
