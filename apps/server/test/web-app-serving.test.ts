// Issue 35, point 1: the built app served as a CDN would. Text files leave as the brotli or gzip
// twin the build made, chosen by Accept-Encoding and marked Vary; hashed assets are immutable and
// the page is revalidated; each route gets the page the build wrote for it (point 2); a file that
// is not there is a 404 (never the index page), an unknown API path the 404 envelope; robots.txt
// and the sitemap name the public pages.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, urlOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { createTestApp, PUBLIC_URL } from './support/test-app';

const INDEX = `<!doctype html><title>app</title><div id="root"></div>${' '.repeat(200)}`;
const SCRIPT = `console.log(${JSON.stringify('landing '.repeat(100))});`;

/** A build as `npm run build` leaves it: text files with their .br and .gz twins, an image without. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  const withTwins = (file: string, content: string) => {
    writeFileSync(join(dir, file), content);
    writeFileSync(join(dir, `${file}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${file}.gz`), gzipSync(content));
  };
  withTwins('index.html', INDEX);
  withTwins('assets/main-abc123.js', SCRIPT);
  writeFileSync(join(dir, 'assets', 'logo-def456.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  return dir;
}

/** The status line of a GET of `path` exactly as written. */
async function rawStatusLine(port: string, path: string): Promise<string> {
  const socket = connect(Number(port), '127.0.0.1');
  socket.end(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\nConnection: close\r\n\r\n`);
  let answer = '';
  for await (const chunk of socket) answer += String(chunk);
  return answer.split('\r\n')[0] ?? '';
}

/** The body as the browser reads it once it undoes the Content-Encoding. */
function decoded(answer: LightMyRequestResponse): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(answer.rawPayload).toString();
  return answer.body;
}

describe('serving the built web app', () => {
  it('sends the brotli twin, the gzip twin or the plain file as Accept-Encoding asks, with Vary', async () => {
    const { app } = await createTestApp({ webDistDir: fakeWebBuild() });
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['*', 'gzip'],
      [undefined, undefined],
      ['identity', undefined],
      ['', undefined],
      ['x-made-up, ;;;q=nonsense', undefined],
    ];
    for (const [url, content, type] of [
      ['/assets/main-abc123.js', SCRIPT, 'javascript'],
      ['/', INDEX, 'text/html'],
      ['/dashboard', INDEX, 'text/html'],
    ] as const) {
      for (const [acceptEncoding, expected] of cases) {
        const answer = await app.inject({
          method: 'GET',
          url,
          headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
        });
        const label = `${url} with Accept-Encoding ${acceptEncoding}`;
        expect(answer.statusCode, label).toBe(200);
        expect(answer.headers['content-encoding'], label).toBe(expected);
        expect(answer.headers['content-type'], label).toContain(type);
        expect(answer.headers.vary, label).toBe('accept-encoding');
        expect(Number(answer.headers['content-length']), label).toBe(answer.rawPayload.length);
        expect(decoded(answer), label).toBe(content);
      }
    }
    // A file the build left uncompressed varies by nothing.
    const image = await app.inject({
      method: 'GET',
      url: '/assets/logo-def456.png',
      headers: { 'accept-encoding': 'br' },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
  });

  it('sends each route the page the build wrote for it, and the bare app page as a 404 to other paths', async () => {
    const dir = fakeWebBuild();
    const page = (name: string) =>
      `<!doctype html><title>${name}</title><div id="root"></div>${' '.repeat(200)}`;
    for (const name of ['index', 'app', 'tos', 'login']) {
      writeFileSync(join(dir, `${name}.html`), page(name));
      writeFileSync(join(dir, `${name}.html.br`), brotliCompressSync(page(name)));
    }
    const { app } = await createTestApp({ webDistDir: dir });
    // A path that is none of the app's routes gets the app, which draws its not-found screen, as a 404.
    for (const [url, expected, status] of [
      ['/', 'index', 200],
      ['/tos', 'tos', 200],
      ['/login?next=1', 'login', 200],
      ['/dashboard', 'app', 200],
      ['/dashboard/', 'app', 200],
      ['/reset-password?token=abc', 'app', 200],
      ['/tos/extra', 'app', 404],
      ['/app', 'app', 404],
      ['/no-such-route', 'app', 404],
      ['/foo', 'app', 404],
    ] as const) {
      const answer = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(answer.statusCode, url).toBe(status);
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(answer.headers.vary, url).toBe('accept-encoding');
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(answer), url).toBe(page(expected));
    }
  });

  it('caches hashed assets for a year and has the page revalidated, whatever the encoding', async () => {
    const { app } = await createTestApp({ webDistDir: fakeWebBuild() });
    for (const encoding of ['br', 'gzip', 'identity']) {
      const headers = { 'accept-encoding': encoding };
      const asset = await app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/', '/login', '/reset-password?token=abc']) {
        const page = await app.inject({ method: 'GET', url, headers });
        expect(page.headers['cache-control'], url).toBe('no-cache');
      }
    }
    const head = await app.inject({ method: 'HEAD', url: '/tos', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
  });

  it('answers 404, never the index page, for a file that is not there', async () => {
    const { app } = await createTestApp({ webDistDir: fakeWebBuild() });
    const misses = [
      '/assets/index-OLDBUILD.js',
      '/assets/main-abc123.js.map',
      '/assets/main-abc123.js.br',
      '/index.html.gz',
      '/assets/',
      '/assets',
      `/assets/${'a'.repeat(5000)}.js`,
      `/${'a'.repeat(5000)}`,
      '/favicon.ico',
      '/apple-touch-icon.png',
    ];
    for (const url of misses) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const answer = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.headers['content-type'], url).toContain('application/json');
        expect(answer.json(), url).toEqual({ ok: false, error: 'Risorsa non trovata.' });
        expect(answer.headers['cache-control'], url).toBe('no-cache');
      }
    }
    // A malformed escape is refused by the router before any lookup, with its own envelope.
    const malformed = await app.inject({ method: 'GET', url: '/assets/%E0%A4%A.js' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ ok: false });
  });

  it('answers 404 to a path that climbs out of /assets/, sent as it is (no client tidied it)', async () => {
    const { app } = await createTestApp({ webDistDir: fakeWebBuild() });
    // inject and fetch resolve dot segments before sending; curl --path-as-is and attackers do not.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    for (const path of [
      '/assets/../',
      '/assets/../index.html',
      '/assets/%2e%2e/index.html',
      '/assets/..%2findex.html',
      '/assets/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      expect(await rawStatusLine(port, path), path).toBe('HTTP/1.1 404 Not Found');
    }
  });

  it('answers the 404 envelope for any unknown API path, whatever the method', async () => {
    const { app } = await createTestApp({ webDistDir: fakeWebBuild() });
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
    for (const url of [
      '/api',
      API_PREFIX,
      `${API_PREFIX}does-not-exist`,
      `${API_PREFIX}assets/main-abc123.js`,
      `${API_PREFIX}common/nothing?x=1`,
    ]) {
      for (const method of methods) {
        const answer = await app.inject({ method, url });
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
        expect(answer.headers['cache-control'], `${method} ${url}`).toBe('no-store');
        if (method !== 'HEAD')
          expect(answer.json(), `${method} ${url}`).toEqual({ ok: false, error: 'Risorsa non trovata.' });
      }
    }
    // A known path with a method it does not have is unknown too.
    const put = await app.inject({ method: 'PUT', url: urlOf(API.health.status) });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ ok: false, error: 'Risorsa non trovata.' });
  });

  it('serves a robots.txt that keeps crawlers to the public pages and names the sitemap', async () => {
    const { app } = await createTestApp({ webDistDir: fakeWebBuild() });
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = robots.body.split('\n').filter((line) => line !== '');
    // Every line is a directive a robots.txt parser knows, as Lighthouse checks.
    for (const line of lines) expect(line).toMatch(/^(User-agent|Allow|Disallow|Sitemap): \S+$/);
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Disallow: /dashboard');
    expect(lines).toContain('Disallow: /reset-password');
    expect(lines).toContain(`Disallow: ${API_PREFIX}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('lists the public pages in the sitemap, absolute under PUBLIC_URL', async () => {
    for (const [publicUrl, base] of [
      [PUBLIC_URL, `${PUBLIC_URL}/`],
      ['https://example.com/trading', 'https://example.com/trading/'],
    ] as const) {
      const { app } = await createTestApp({ webDistDir: fakeWebBuild(), publicUrl });
      const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(sitemap.body).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      expect(locations).toEqual([base, `${base}tos`, `${base}privacy`, `${base}login`]);
    }
  });

  it('tells crawlers nothing when it serves no web app', async () => {
    const { app } = await createTestApp();
    for (const url of ['/robots.txt', '/sitemap.xml', '/', '/login']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({ ok: false, error: 'Risorsa non trovata.' });
    }
  });
});
