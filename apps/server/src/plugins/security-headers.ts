// The response headers of OWASP ASVS level 2 (issue 14): a Content-Security-Policy that lets the
// single-page app load only its own files, no MIME sniffing, no referrer (a reset link's token
// must not leak to another site), HSTS once the app is reached over https, and API answers that
// no browser or proxy keeps, since they carry personal data and ciphertexts.
//
// helmet writes the headers; as the policy has no nonce they are the same on every answer, so
// they are taken from helmet once, at start, and set from that list on each request.
// @fastify/helmet ran helmet anew on every request, parsing the policy each time (3-4% of a
// polled list call's time in the API, docs/benchmarks.md).
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isApiPath } from '../lib/request-path';

/**
 * Two libraries of the web app insert a <style> element of fixed text at run time: sonner (the
 * toasts' base styles) and lightweight-charts (its TradingView attribution logo, which its licence
 * asks for). They are allowed by hash, so no other inline style is. sonner adds its element empty
 * and fills it afterwards, hence the hash of the empty text. A version of either library that
 * changes the text shows as a CSP violation in e2e/content-security-policy.test.ts.
 */
const LIBRARY_STYLE_HASHES = [
  "'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY='", // sonner 2.0.8
  "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='", // the empty <style> sonner adds first
  "'sha256-3pRED1tOXas1FXFoPb9TGCjmYe9XQsmO9OV23khV2nY='", // lightweight-charts 5.2.1
];

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

interface InlineHashes {
  scripts: string[];
  styles: string[];
}

const sourceHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The pages the web build drew (apps/web/build/prerender.ts) carry their CSS in a <style> element,
 * so that they paint without a round trip, and two short scripts: one sets the stored theme before
 * the first paint, one asks for the page's scripts once it has painted. They are allowed by the
 * hash of the text this build wrote, read at start; nothing else inline is.
 */
async function inlineHashes(webDistDir: string | undefined): Promise<InlineHashes> {
  const hashes: InlineHashes = { scripts: [], styles: [] };
  if (webDistDir === undefined || !existsSync(webDistDir)) return hashes;
  const pages = (await readdir(webDistDir)).filter((name) => name.endsWith('.html'));
  for (const page of pages) {
    const html = await readFile(join(webDistDir, page), 'utf8');
    for (const [, text] of html.matchAll(/<script>([\s\S]*?)<\/script>/g))
      hashes.scripts.push(sourceHash(text!));
    for (const [, text] of html.matchAll(/<style>([\s\S]*?)<\/style>/g))
      hashes.styles.push(sourceHash(text!));
  }
  const unique = (list: string[]) => [...new Set(list)];
  return { scripts: unique(hashes.scripts), styles: unique(hashes.styles) };
}

/** The headers helmet's middleware sets with these options, read off a response that records them. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    // X-Powered-By, which Fastify never sets.
    removeHeader: () => undefined,
  };
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    // helmet 8 throws a bad option itself rather than handing it on.
    () => undefined,
  );
  return headers;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  webDistDir?: string,
): Promise<void> {
  const behindHttps = new URL(publicUrl).protocol === 'https:';
  const inline = await inlineHashes(webDistDir);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...inline.scripts],
        'script-src-attr': ["'none'"],
        // The captcha solver's worker is a file of the build (new Worker(new URL(...))), not a blob.
        'worker-src': ["'self'"],
        // React's style props go through the CSSOM, which the policy does not restrict.
        'style-src': ["'self'", ...LIBRARY_STYLE_HASHES, ...inline.styles],
        // data: for the SVGs inlined in the stylesheets; the weather icons are our own components.
        'img-src': ["'self'", 'data:'],
        // No web fonts: the app uses the system's.
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(behindHttps ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Over plain http (a local run) HSTS would be ignored at best and pin a wrong host at worst.
    strictTransportSecurity: behindHttps ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
  });
  // onRequest, as @fastify/helmet set them: before any handler, a 404's and a refusal's included.
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  // onSend sees every answer, the error handler's and the not-found handler's included.
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
}
