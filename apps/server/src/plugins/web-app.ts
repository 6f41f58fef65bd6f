// Serves the built single-page app the way a CDN would (issue 35): each text file as the .br or .gz
// the build wrote beside it (apps/web/build/precompress.ts), chosen by Accept-Encoding and marked
// `Vary: Accept-Encoding`; hashed assets cached for a year, everything else revalidated.
// A client route (/dashboard, /reset-password?token=...) gets a page of the app so it survives a
// reload: the one the build drew for it (dist/tos.html for /tos; index.html, the landing, for /),
// else app.html, the app without a drawn screen (apps/web/build/prerender.ts). A build without
// app.html (older ones, tests) answers index.html for every route.
// A path that names a file (under /assets/, or with an extension) and is not there is a 404, never
// the index page: a client still holding an older build must not run HTML as JavaScript, and
// monitoring must see the miss. API misses stay 404 envelopes. Any other path that is none of the
// app's routes (/foo) is a 404 too, with the app's page, which draws its not-found screen.
import fastifyStatic from '@fastify/static';
import { HTTP_MESSAGES } from '@platform/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isApiPath, pathOf } from '../lib/request-path';

/** Vite names every file under assets/ by its content's hash: a new build never reuses a name. */
const HASHED_ASSETS = 'assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const COMPRESSED_SUFFIX = /\.(br|gz)$/;
/** The app's routes are short; a longer path is nobody's page. */
const MAX_CLIENT_ROUTE_LENGTH = 256;

/** The page the app falls back on: the app without a drawn screen, in builds that have it. */
const APP_PAGE = 'app.html';

/** The paths of the app's routes (apps/web/src/app/router.tsx); any other page path is a 404. */
const APP_ROUTES: ReadonlySet<string> = new Set([
  '/',
  '/tos',
  '/privacy',
  '/login',
  '/reset-password',
  '/dashboard',
]);

/** Whether the app has a screen at `route` (the router ignores a trailing slash). */
const isAppRoute = (route: string) =>
  APP_ROUTES.has(route.length > 1 ? route.replace(/\/+$/, '') || '/' : route);

/** The path of a request missing every file when it is one of the app's own routes, else null. */
function clientRoute(request: FastifyRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  let path: string;
  try {
    path = decodeURIComponent(pathOf(request.url));
  } catch {
    return null;
  }
  if (isApiPath(path) || path.length > MAX_CLIENT_ROUTE_LENGTH) return null;
  if (path === '/assets' || path.startsWith('/assets/')) return null;
  // A dot in the last segment names a file (/favicon.ico, /old-chunk.js.map); no route has one.
  return path.slice(path.lastIndexOf('/') + 1).includes('.') ? null : path;
}

/** The HTML files at the top of the build: index.html, app.html and the drawn pages. */
async function topLevelPages(distDir: string): Promise<Set<string>> {
  const entries = await readdir(distDir, { withFileTypes: true });
  return new Set(
    entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => entry.name),
  );
}

/** The files of the build (paths under it, forward slashes) that have a compressed twin. */
async function filesWithCompressedTwins(distDir: string): Promise<Set<string>> {
  const entries = await readdir(distDir, { recursive: true });
  return new Set(
    entries
      .filter((entry) => COMPRESSED_SUFFIX.test(entry))
      .map((entry) => entry.split(sep).join('/').replace(COMPRESSED_SUFFIX, '')),
  );
}

/** Serves `distDir` when it holds a build; answers whether it does. */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<boolean> {
  const hasWebApp = distDir !== undefined && existsSync(join(distDir, 'index.html'));
  let pages = new Set<string>();
  if (hasWebApp) {
    pages = await topLevelPages(distDir);
    const varies = await filesWithCompressedTwins(distDir);
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      // The compressed twins are sent in place of their file, never under their own name.
      globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
      preCompressed: true,
      cacheControl: false,
      // The build makes no source maps; one left in dist/ by hand would publish the source.
      allowedPath: (path) => !path.endsWith('.map'),
      // `path` is the file actually sent, the .br or .gz twin included.
      setHeaders: (res, path) => {
        const file = relative(distDir, path).split(sep).join('/').replace(COMPRESSED_SUFFIX, '');
        res.setHeader('cache-control', file.startsWith(HASHED_ASSETS) ? IMMUTABLE : REVALIDATE);
        // Caches between here and the browser must keep one copy per encoding.
        if (varies.has(file)) res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  const fallbackPage = pages.has(APP_PAGE) ? APP_PAGE : 'index.html';
  /** /tos -> tos.html when the build drew it; '/' is served as the folder's index.html before this. */
  const pageFor = (route: string) => {
    const drawn = `${route.slice(1)}.html`;
    return route.lastIndexOf('/') === 0 && drawn !== APP_PAGE && pages.has(drawn) ? drawn : fallbackPage;
  };
  app.setNotFoundHandler((request, reply) => {
    const route = hasWebApp ? clientRoute(request) : null;
    // An unknown page path gets the app too, as a 404: its router shows the not-found screen.
    if (route !== null) return (isAppRoute(route) ? reply : reply.status(404)).sendFile(pageFor(route));
    // A miss outside the API is revalidated like the page: a later deploy may bring the file.
    if (!isApiPath(request.url)) reply.header('cache-control', REVALIDATE);
    return reply.status(404).send({ ok: false, error: HTTP_MESSAGES.notFound });
  });
  return hasWebApp;
}
