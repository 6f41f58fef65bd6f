// robots.txt and sitemap.xml (issue 35): search engines may crawl the public pages of
// product-spec.md section 2 and nothing behind the login. They are written by the server rather
// than shipped in the build because both must name the site absolutely (a sitemap's <loc>,
// robots.txt's Sitemap line), and only PUBLIC_URL knows where it is.
import { API_PREFIX } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';

/** The pages anyone may open (product-spec.md section 2, Routes); the sitemap lists them. */
export const PUBLIC_PAGES = ['/', '/tos', '/privacy', '/login'] as const;

/** Pages of a session or of a one-time link, and the API: nothing a search result should show. */
const PRIVATE_PATHS = ['/dashboard', '/reset-password', API_PREFIX] as const;

/** Crawlers fetch these rarely; an hour lets a changed PUBLIC_URL show soon enough. */
const CACHE_CONTROL = 'public, max-age=3600';

/** `path` under PUBLIC_URL, which may itself carry a path when a proxy serves the app below one. */
function absolute(publicUrl: string, path: string): string {
  const base = publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`;
  return new URL(path.replace(/^\//, ''), base).href;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absolute(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

export function sitemapXml(publicUrl: string): string {
  const urls = PUBLIC_PAGES.map((page) => `  <url><loc>${escapeXml(absolute(publicUrl, page))}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function registerCrawlerFiles(app: FastifyInstance, publicUrl: string): void {
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);
  app.get('/robots.txt', (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(sitemap),
  );
}
