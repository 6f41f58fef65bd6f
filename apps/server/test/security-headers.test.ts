// Issue 14, headers: the landing carries the strict Content-Security-Policy and the other helmet
// headers, HSTS only behind https, every /api/ answer is no-store, and no source map is served.
// The drawn pages' inline style and theme script (issue 35) are allowed by their hash.
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { createUser, login } from './support/factories';
import { createTestApp } from './support/test-app';

function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(
    join(dir, 'assets', 'main-abc123.js.map'),
    '{"version":3,"sourcesContent":["secret source"]}',
  );
  return dir;
}

/** The policy as a map of directive to its sources. */
function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...sources] = part.split(/\s+/);
        return [name, sources.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  it('gives the landing a strict Content-Security-Policy, nosniff and no referrer', async () => {
    const testApp = await createTestApp({ webDistDir: fakeWebBuild() });
    const landing = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(landing.statusCode).toBe(200);
    const policy = directives(landing.headers['content-security-policy']);
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('script-src-attr')).toBe("'none'");
    expect(policy.get('worker-src')).toBe("'self'");
    expect(policy.get('connect-src')).toBe("'self'");
    expect(policy.get('img-src')).toBe("'self' data:");
    expect(policy.get('font-src')).toBe("'self'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'self'");
    expect(policy.get('form-action')).toBe("'self'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    // Styles: files only, plus the two <style> elements libraries insert, by hash; no 'unsafe-inline'.
    expect(policy.get('style-src')).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(landing.headers['x-content-type-options']).toBe('nosniff');
    expect(landing.headers['referrer-policy']).toBe('no-referrer');
    expect(landing.headers['x-frame-options']).toBe('DENY');
    expect(landing.headers['strict-transport-security']).toBeUndefined();
  });

  it('allows the inline style and script of the pages the build drew, by their hash only', async () => {
    const dir = fakeWebBuild();
    const style = '.hero{color:#fff}';
    const script = 'document.documentElement.dataset.theme="dark"';
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><head><script>${script}</script><style>${style}</style></head><div id="root"></div>`,
    );
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const testApp = await createTestApp({ webDistDir: dir });
    const landing = await testApp.app.inject({ method: 'GET', url: '/' });
    const policy = directives(landing.headers['content-security-policy']);
    expect(policy.get('script-src')).toBe(`'self' ${hash(script)}`);
    expect(policy.get('style-src')?.split(' ')).toContain(hash(style));
    expect(policy.get('style-src')).not.toContain('unsafe-inline');
    expect(policy.get('script-src-attr')).toBe("'none'");
  });

  it('sends HSTS and upgrades requests only when PUBLIC_URL is https', async () => {
    const testApp = await createTestApp({ publicUrl: 'https://trading.example.com' });
    const health = await testApp.app.inject({ ...requestOf(API.health.status) });
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(health.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });

  it('marks every /api/ answer no-store: successes, refusals, misses and every route called anonymously', async () => {
    const testApp = await createTestApp({ webDistDir: fakeWebBuild() });
    const token = (await login(testApp, await createUser(testApp))).jwt;
    const answers = [
      await testApp.app.inject({ ...requestOf(API.health.status) }),
      await testApp.app.inject({
        ...requestOf(API.auth.me),
        headers: { authorization: `Bearer ${token}` },
      }),
      await testApp.app.inject({
        ...requestOf(API.auth.login),
        payload: '{"broken',
        headers: { 'content-type': 'application/json' },
      }),
      await testApp.app.inject({ method: 'GET', url: `${API_PREFIX}does-not-exist` }),
      await testApp.app.inject({ method: 'GET', url: '/api' }),
      await testApp.app.inject({ ...requestOf(API.users.requestDeletion, { id: 'x'.repeat(5000) }) }),
      ...(await Promise.all(
        testApp.app.apiRoutes.map(({ method, url }) =>
          testApp.app.inject({
            method: method as 'GET',
            url: url.replace(/:[A-Za-z]+/g, '00000000-0000-0000-0000-000000000000'),
          }),
        ),
      )),
    ];
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) {
      expect(answer.headers['cache-control'], `${answer.statusCode} ${answer.body.slice(0, 80)}`).toBe(
        'no-store',
      );
    }
    // Pages and hashed assets keep their own caching.
    expect((await testApp.app.inject({ method: 'GET', url: '/login' })).headers['cache-control']).toBe(
      'no-cache',
    );
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/assets/main-abc123.js' })).headers['cache-control'],
    ).toContain('immutable');
  });

  it('never serves a source map, even one a build left behind', async () => {
    const testApp = await createTestApp({ webDistDir: fakeWebBuild() });
    const map = await testApp.app.inject({ method: 'GET', url: '/assets/main-abc123.js.map' });
    expect(map.body).not.toContain('secret source');
  });
});
