import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { createTestApp } from './support/test-app';

function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
  return dir;
}

describe('serving the web app', () => {
  it('answers index.html for client routes, assets as files, and envelopes for unknown API paths', async () => {
    const testApp = await createTestApp({ webDistDir: fakeWebBuild() });
    for (const path of ['/', '/dashboard', '/reset-password?token=abc', '/login']) {
      const page = await testApp.app.inject({ method: 'GET', url: path });
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
    }
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');

    const api = await testApp.app.inject({ method: 'GET', url: `${API_PREFIX}does-not-exist` });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ ok: false, error: 'Risorsa non trovata.' });
    const post = await testApp.app.inject({ method: 'POST', url: '/dashboard', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('reports health with the database it uses', async () => {
    const testApp = await createTestApp();
    const { status, body } = await testApp.call<{ status: string; database: string }>({
      ...requestOf(API.health.status),
    });
    expect(status).toBe(200);
    expect(body.data.status).toBe('ok');
    expect(body.data.database).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');
  });
});
