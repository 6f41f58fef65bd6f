// The pages of issue 35, point 2, as build/prerender.ts writes them from Vite's page and manifest:
// a route's page preloads its screens' chunks and links their CSS; a drawn page carries its
// markup and its CSS inline, names its CSS files only disabled, and asks for its scripts from a
// loader after the paint, with nothing in <head> that blocks it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writePage, type Manifest } from './prerender';

const TEMPLATE = `<!doctype html>
<html lang="it">
  <head>
    <meta charset="UTF-8" />
    <title>Trading Platform</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-1.js">
    <link rel="stylesheet" crossorigin href="/assets/shell-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_framework-1.js'],
    dynamicImports: ['src/pages/landing-page.tsx', 'src/features/auth/access-screen.tsx'],
    css: ['assets/shell-1.css'],
  },
  '_framework-1.js': { file: 'assets/framework-1.js' },
  '_form-1.js': { file: 'assets/form-1.js', imports: ['_framework-1.js'] },
  'src/pages/landing-page.tsx': {
    file: 'assets/landing-page-1.js',
    imports: ['index.html', '_framework-1.js'],
    css: ['assets/landing-page-1.css'],
  },
  'src/features/auth/access-screen.tsx': {
    file: 'assets/access-screen-1.js',
    imports: ['index.html', '_form-1.js'],
    css: ['assets/access-screen-1.css'],
  },
};

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'prerender-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets/shell-1.css'), 'body{margin:0}\n');
  writeFileSync(join(dir, 'assets/landing-page-1.css'), '.hero{color:#fff}\n');
  return dir;
}

describe('the pages of the build', () => {
  it("preloads a route's screens beside the entry and links their CSS", async () => {
    const html = await writePage(
      TEMPLATE,
      MANIFEST,
      fakeDist(),
      '/login',
      {
        screens: ['src/features/auth/access-screen.tsx'],
      },
      null,
    );
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/form-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/access-screen-1.js">');
    expect(html.match(/framework-1\.js/g)).toHaveLength(1);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/access-screen-1.css">');
    expect(html).toContain('<div id="root"></div>');
  });

  it('draws a page with its CSS inline and asks for its scripts only from the loader at the end', async () => {
    const markup = '<main><h1>Your Reliable Investment Partner</h1></main>';
    const html = await writePage(
      TEMPLATE,
      MANIFEST,
      fakeDist(),
      '/',
      {
        screens: ['src/pages/landing-page.tsx'],
        draw: true,
      },
      markup,
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script[^>]*src=|modulepreload/);
    expect(head).toContain('<style>body{margin:0}\n.hero{color:#fff}</style>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/shell-1.css" disabled>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/landing-page-1.css" disabled>');
    expect(head.match(/<link rel="stylesheet"[^>]*>/g)?.every((link) => link.includes(' disabled'))).toBe(
      true,
    );
    // The stored theme is set before the body is parsed.
    expect(head).toMatch(/<script>try\{if\(localStorage\.getItem\("isDark"\)===".+"\)/);
    expect(html).toContain(`<div id="root" data-prerendered="/">${markup}</div>`);
    const loader = html.slice(html.indexOf('</div>'));
    expect(loader).toContain('"/assets/framework-1.js"');
    expect(loader).toContain('"/assets/landing-page-1.js"');
    expect(loader).toContain('s.src="/assets/index-1.js"');
    expect(loader).toContain('first-contentful-paint');
  });

  it('refuses a page whose screen is not a lazy module of the build', async () => {
    await expect(
      writePage(
        TEMPLATE,
        MANIFEST,
        fakeDist(),
        '/tos',
        { screens: ['src/pages/legal-page.tsx'], draw: true },
        '',
      ),
    ).rejects.toThrow('src/pages/legal-page.tsx is not a lazy module of the build');
  });
});
