// Issue 35 in a real browser on the built app: the public pages and the access screen arrive
// compressed and cached as a CDN would serve them, and axe-core finds no serious or critical
// WCAG 2.2 A/AA violation on /, /tos, /privacy, /login (with its weather widget) and the reset
// page, in both themes, on a desktop (1280 px) and a phone (390 px) (the dashboard's views:
// dashboard-a11y.test.ts). An unknown page path is a 404 that draws the app's not-found screen.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeWeatherApi } from './support/fake-weatherapi';
import { useServerAndBrowser } from './support/suite';

const weatherApi = await startFakeWeatherApi();
afterAll(() => weatherApi.close());
const e2e = useServerAndBrowser({ env: { WEATHER_API_KEY: 'e2e-key', WEATHER_API_URL: weatherApi.url } });

const PAGES = ['/', '/tos', '/privacy', '/login', '/reset-password?token=front-door', '/foo'] as const;
const THEMES = ['light', 'dark'] as const;
const VIEWPORTS = { 1280: { width: 1280, height: 800 }, 390: { width: 390, height: 844 } } as const;
/** WCAG 2.2 A and AA, which adds 24 px touch targets (target-size) to 2.1's rules. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * Off by default in axe (experimental), on in Lighthouse: a control's accessible name must contain
 * its visible text (WCAG 2.5.3), so a voice user can say what they see.
 */
const LABEL_IN_NAME = { 'label-content-name-mismatch': { enabled: true } };

/** The stored theme choice, as the dashboard's switch writes it (base64 of the JSON value). */
async function chooseTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.addInitScript(
    (isDark) => localStorage.setItem('isDark', btoa(JSON.stringify(isDark))),
    theme === 'dark',
  );
}

describe('the front door', () => {
  it('sends the landing compressed, hashed assets immutable and the page revalidated', async () => {
    const page = await e2e.openPage();
    const answers: { url: string; type: string; headers: Record<string, string> }[] = [];
    page.on('response', (response) => {
      answers.push({
        url: response.url(),
        type: response.request().resourceType(),
        headers: response.headers(),
      });
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Your Reliable Investment Partner' }).waitFor();

    const texts = answers.filter(({ type }) => ['document', 'script', 'stylesheet'].includes(type));
    expect(texts.filter(({ type }) => type === 'script').length).toBeGreaterThan(0);
    for (const { url, type, headers } of texts) {
      // Chromium asks for brotli on https and on the loopback, as here.
      expect(headers['content-encoding'], url).toBe('br');
      expect(headers.vary, url).toBe('accept-encoding');
      expect(headers['cache-control'], url).toBe(
        type === 'document' ? 'no-cache' : 'public, max-age=31536000, immutable',
      );
    }
    // A client that knows only gzip gets the gzip twin of the framework's script (React and the
    // router, the landing's largest): the same text, smaller.
    const framework = texts.find(({ url }) => /\/assets\/framework-[^/]+\.js$/.test(url))?.url ?? '';
    const [gzip, plain] = await Promise.all(
      ['gzip', 'identity'].map((encoding) => fetch(framework, { headers: { 'accept-encoding': encoding } })),
    );
    expect(gzip?.headers.get('content-encoding')).toBe('gzip');
    expect(plain?.headers.get('content-encoding')).toBeNull();
    expect(Number(gzip?.headers.get('content-length'))).toBeLessThan(
      Number(plain?.headers.get('content-length')) / 3,
    );
    expect(await gzip?.text()).toBe(await plain?.text());
  });

  it('answers 404 for a chunk of an older build and names the public pages to crawlers', async () => {
    const page = await e2e.openPage();
    const missing = await page.request.get('/assets/index-0ld8u1ld.js');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toContain('application/json');
    const robots = await page.request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${e2e.server.baseUrl}/sitemap.xml`);
    const sitemap = await page.request.get('/sitemap.xml');
    expect(await sitemap.text()).toContain(`<loc>${e2e.server.baseUrl}/login</loc>`);
  });

  it('answers an unknown page with a 404 and the app’s not-found screen, and its routes with 200', async () => {
    const page = await e2e.openPage();
    const unknown = await page.goto('/foo');
    expect(unknown?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Pagina non trovata' }).waitFor();
    await page.getByRole('link', { name: 'Torna alla home' }).click();
    await page.getByRole('heading', { name: 'Your Reliable Investment Partner' }).waitFor();
    for (const path of ['/', '/tos', '/privacy', '/login', '/reset-password', '/dashboard']) {
      expect((await page.request.get(path)).status(), path).toBe(200);
    }
  });

  const scans = PAGES.flatMap((path) =>
    THEMES.flatMap((theme) =>
      [1280, 390].map((width) => ({ path, theme, width: width as keyof typeof VIEWPORTS })),
    ),
  );
  it.each(scans)(
    'has no serious or critical axe violation on $path, $theme theme, $width px',
    async ({ path, theme, width }) => {
      const page = await e2e.openPage();
      await page.setViewportSize(VIEWPORTS[width]);
      await chooseTheme(page, theme);
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      if (path === '/login') await page.getByRole('button', { name: /^Meteo a Milano/ }).waitFor();
      const { violations } = await new AxeBuilder({ page })
        .withTags(WCAG_TAGS)
        .options({ rules: LABEL_IN_NAME })
        .analyze();
      const found = violations.map(({ id, impact, nodes }) => ({
        rule: id,
        impact,
        nodes: nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
      }));
      const blocking = found.filter(({ impact }) => impact === 'serious' || impact === 'critical');
      expect(blocking, JSON.stringify(blocking, null, 1)).toEqual([]);
    },
  );
});
