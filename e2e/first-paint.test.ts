// Issue 35, point 2, in a real browser on the built app: nothing stands between a page and its
// first paint, and each route downloads only its own code. The landing paints its hero, styled and
// in the visitor's theme, while every script is held back, and hydrating it afterwards keeps the
// drawn page; /login downloads nothing of the dashboard or of the public pages; the dashboard
// fetches a view's code when the view is opened. Files are told apart by Vite's manifest. No
// timing is asserted: held requests order what happens.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_2FA_OPTIONAL } from './support/server';
import { useServerAndBrowser } from './support/suite';
import { logIn, openView } from './support/ui';

const e2e = useServerAndBrowser({ env: ADMIN_2FA_OPTIONAL });

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifest = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../apps/web/dist/.vite/manifest.json'), 'utf8'),
) as Record<string, ManifestChunk>;
const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true) ?? 'index.html';

/** The files (/assets/…) of the chunks `keys` and of what they import; `lazily` follows import() too. */
function chunkFiles(keys: string[], { lazily = false } = {}): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    for (const imported of [...(chunk.imports ?? []), ...(lazily ? (chunk.dynamicImports ?? []) : [])])
      visit(imported);
  };
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest.`);
    visit(key);
  }
  return files;
}

/** The paths of the build's files (scripts, stylesheets) the page asks for from now on. */
function watchAssets(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) requested.push(pathname);
  });
  return requested;
}

/** Holds every script of the build until `release` is called: the page gets its HTML only. */
async function holdScripts(page: Page): Promise<{ held: string[]; release(): Promise<void> }> {
  const routes: Route[] = [];
  const held: string[] = [];
  let released = false;
  await page.route('**/assets/*.js', async (route) => {
    if (released) return route.continue();
    routes.push(route);
    held.push(new URL(route.request().url()).pathname);
  });
  return {
    held,
    async release() {
      released = true;
      await Promise.all(routes.map((route) => route.continue()));
    },
  };
}

const firstContentfulPaint = (page: Page) =>
  page.waitForFunction(() =>
    performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint'),
  );

/** React has hydrated the drawn page once it has attached its fiber to the heading. */
const hydrated = (page: Page) =>
  page.waitForFunction(() =>
    Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber')),
  );

describe('first paint and route code', () => {
  it('sends the landing with its styles inline and no script or stylesheet that blocks the paint', async () => {
    const page = await e2e.openPage();
    const html = await (await page.request.get('/')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script[^>]*\bsrc=/);
    expect(head).not.toMatch(/<link rel="modulepreload"/);
    // The page's CSS files are named only disabled, for Vite's loader (apps/web/build/prerender.ts).
    for (const link of head.match(/<link rel="stylesheet"[^>]*>/g) ?? []) expect(link).toContain(' disabled');
    expect(head).toMatch(/<style>[\s\S]*\.hero\{[\s\S]*<\/style>/);
    expect(html).toContain('Your Reliable <span class="hero__accent">Investment Partner</span>');
  });

  it('paints the landing hero, styled, before any script has arrived, then hydrates it as drawn', async () => {
    const page = await e2e.openPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const requested = watchAssets(page);
    const scripts = await holdScripts(page);

    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await firstContentfulPaint(page);
    const heading = page.getByRole('heading', { level: 1, name: 'Your Reliable Investment Partner' });
    expect(await heading.isVisible()).toBe(true);
    // Styled by the inline CSS: the hero's dark gradient, the two columns of a desktop.
    const hero = await page.locator('#home').evaluate((element) => {
      const style = getComputedStyle(element);
      const inner = element.querySelector('.hero__inner');
      return {
        background: style.backgroundImage,
        columns: inner ? getComputedStyle(inner).gridTemplateColumns.split(' ').length : 0,
      };
    });
    expect(hero.background).toContain('linear-gradient');
    expect(hero.columns).toBe(2);
    // The largest paint so far is the hero's, and no stylesheet was asked for.
    const largest = await page.evaluate(
      () =>
        new Promise<boolean>((done) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1);
            const element = last && 'element' in last ? (last.element as Element | null) : null;
            done(Boolean(element?.closest('#home')));
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(largest).toBe(true);
    expect(requested.filter((path) => path.endsWith('.css'))).toEqual([]);
    // The scripts were asked for after the paint, and none has arrived.
    expect(scripts.held.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.querySelector('#root')?.hasAttribute('data-prerendered'))).toBe(
      true,
    );

    // React takes the drawn page over as it is: the same nodes, now working.
    await page.evaluate(() => {
      (document.querySelector('h1') as HTMLElement & { drawn?: boolean }).drawn = true;
    });
    await scripts.release();
    await hydrated(page);
    const question = page.getByRole('button', { name: 'What is the minimum deposit?' });
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    expect(
      await page.evaluate(() => (document.querySelector('h1') as HTMLElement & { drawn?: boolean }).drawn),
    ).toBe(true);
    // Nor afterwards: the CSS files named in the page stay unfetched (the contact form, lazy, may
    // bring its own once it comes near the view).
    const inlined = [...chunkFiles([entry, 'src/pages/landing-page.tsx'])].filter((file) =>
      file.endsWith('.css'),
    );
    expect(inlined.length).toBeGreaterThan(0);
    expect(requested.filter((path) => inlined.includes(path))).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('paints the landing in the dark theme chosen before, with no script yet', async () => {
    const page = await e2e.openPage();
    await page.addInitScript(() => localStorage.setItem('isDark', btoa(JSON.stringify(true))));
    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await firstContentfulPaint(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // The page's background is the dark theme's (#0b1526).
    expect(
      await page.locator('.public-site').evaluate((element) => getComputedStyle(element).backgroundColor),
    ).toBe('rgb(11, 21, 38)');
    await scripts.release();
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  });

  it('paints the access screen from its HTML, its fields waiting for its scripts, then hydrates it as drawn', async () => {
    const page = await e2e.openPage();
    // What hydrating and the content security policy report (the weather, which this machine cannot
    // reach, may fail meanwhile).
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /React|Content Security Policy/.test(message.text()))
        consoleErrors.push(message.text());
    });
    const scripts = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await firstContentfulPaint(page);
    const email = page.getByLabel('Email');
    const login = page.getByRole('button', { name: 'Login', exact: true });
    expect(await page.getByRole('heading', { name: 'Login' }).isVisible()).toBe(true);
    expect(await email.isVisible()).toBe(true);
    expect(scripts.held.length).toBeGreaterThan(0);
    // Typed before the scripts came, a login would be lost or the browser's own (the password in
    // the address): the fields and buttons wait.
    expect(await email.isDisabled()).toBe(true);
    expect(await login.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Not a customer? Contact us' }).isDisabled()).toBe(true);
    await page.evaluate(() => {
      (document.querySelector('form') as HTMLElement & { drawn?: boolean }).drawn = true;
    });

    await scripts.release();
    await expect.poll(() => email.isEnabled()).toBe(true);
    expect(
      await page.evaluate(() => (document.querySelector('form') as HTMLElement & { drawn?: boolean }).drawn),
    ).toBe(true);
    // The clock, empty in the drawn page, shows the time once the page is the browser's.
    await expect.poll(() => page.locator('.live-clock__time').textContent()).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    await email.fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await login.click();
    // The admin here may set up 2FA or skip it (ADMIN_2FA_OPTIONAL).
    const skip = page.getByRole('button', { name: 'Skip for now' });
    await Promise.race([skip.waitFor(), page.waitForURL('**/dashboard')]);
    if (await skip.isVisible()) await skip.click();
    await page.waitForURL('**/dashboard');
    expect(consoleErrors).toEqual([]);
  });

  it('downloads for /login its own code only, none of the dashboard or of the landing', async () => {
    const page = await e2e.openPage();
    const requested = watchAssets(page);
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();

    const own = chunkFiles([entry, 'src/app/session-routes.tsx', 'src/features/auth/access-screen.tsx']);
    const others = chunkFiles(
      ['src/app/dashboard-page.tsx', 'src/pages/landing-page.tsx', 'src/pages/legal-page.tsx'],
      {
        lazily: true,
      },
    );
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((path) => !own.has(path))).toEqual([]);
    expect(requested.filter((path) => others.has(path) && !own.has(path))).toEqual([]);
    // Named chunks of the dashboard and of the landing's sections, by their source.
    const named = (pattern: RegExp) =>
      Object.entries(manifest)
        .filter(([key]) => pattern.test(key))
        .map(([, chunk]) => `/${chunk.file}`);
    const foreign = named(/^src\/(app\/dashboard-page|features\/(?!auth\/)[^/]+\/[^/]+-view|pages\/)/);
    expect(foreign.length).toBeGreaterThan(3);
    expect(requested.filter((path) => foreign.includes(path))).toEqual([]);
    // Everything /login needs was announced by its page, so nothing waited for another script.
    const html = await (await page.request.get('/login')).text();
    for (const path of requested.filter((file) => file.endsWith('.js'))) expect(html, path).toContain(path);
  });

  it("fetches a dashboard view's code only when the view is opened", async () => {
    const page = await e2e.openPage();
    const requested = watchAssets(page);
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const backtests = chunkFiles(['src/features/backtests/backtests-view.tsx']);
    const backtestsChunk = `/${manifest['src/features/backtests/backtests-view.tsx']?.file}`;
    expect(requested).toContain(`/${manifest['src/features/overview/overview-view.tsx']?.file}`);
    expect(requested).not.toContain(backtestsChunk);

    await openView(page, 'Backtests');
    await page.waitForLoadState('networkidle');
    expect(requested).toContain(backtestsChunk);
    // The CSS files the drawn access screen carried inline are not asked for again (apps/web/build/prerender.ts).
    const inline = chunkFiles([entry, 'src/app/session-routes.tsx', 'src/features/auth/access-screen.tsx']);
    const ownCss = [...backtests].filter((file) => file.endsWith('.css') && !inline.has(file));
    expect(ownCss.length).toBeGreaterThan(0);
    expect(ownCss.filter((file) => !requested.includes(file))).toEqual([]);
  });
});
