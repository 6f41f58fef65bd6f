// Issue 35, point 4, for the dashboard: axe-core finds no serious or critical WCAG 2.2 A/AA
// violation (24 px touch targets and 'label in name' included, as in front-door.test.ts) on any
// dashboard view, for a customer and for the admin, in both themes, on a desktop (1280 px) and a
// phone (390 px). On the phone a table's first row is expanded first, so its details are scanned
// too. Each scan's counts go to e2e/screenshots/dashboard-a11y-<role>-<theme>.json for people.
import AxeBuilder from '@axe-core/playwright';
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDashboardTables, TABLES_CUSTOMER } from './support/dashboard-data';
import { ADMIN, ADMIN_2FA_OPTIONAL } from './support/server';
import { useServerAndBrowser } from './support/suite';
import { logIn } from './support/ui';

const e2e = useServerAndBrowser({ env: ADMIN_2FA_OPTIONAL });
beforeAll(() => seedDashboardTables(e2e.server), 120_000);

const VIEWS = [
  { id: 'overview', label: 'Overview' },
  { id: 'backtest', label: 'Backtests' },
  { id: 'monitoring', label: 'Monitoring' },
  { id: 'logs', label: 'Logs' },
  { id: 'users', label: 'Users' },
  { id: 'accounts', label: 'Accounts' },
  { id: 'investments', label: 'Investments' },
  { id: 'algorithms', label: 'Algorithms' },
  { id: 'analysis', label: 'Analysis' },
  { id: 'settings', label: 'Settings' },
] as const;
const ROLES = {
  customer: { email: TABLES_CUSTOMER.email, password: TABLES_CUSTOMER.password },
  admin: { email: ADMIN.email, password: ADMIN.password },
} as const;
const THEMES = ['light', 'dark'] as const;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
/** WCAG 2.2 A and AA, which adds 24 px touch targets (target-size) to 2.1's rules. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Experimental in axe, on in Lighthouse: a control's accessible name contains its visible text. */
const LABEL_IN_NAME = { 'label-content-name-mismatch': { enabled: true } };
const REPORT_DIR = resolve(import.meta.dirname, 'screenshots');

/** Opens a view by its URL and waits until it has drawn what it shows (no spinner left). */
async function showView(page: Page, view: (typeof VIEWS)[number]): Promise<void> {
  await page.goto(`/dashboard?view=${view.id}`);
  await page.getByRole('heading', { level: 1, name: view.label }).waitFor();
  await page.waitForFunction(
    () => !document.querySelector('main .view-spinner, main .spinner:not(.spinner--small)'),
  );
  if (view.id === 'overview') await page.locator('.profit-loss-chart canvas').first().waitFor();
}

interface Scan {
  view: string;
  width: number;
  /** Serious and critical violations: the rules, and the elements they name. */
  rules: string[];
  nodes: number;
  details: string[];
}

async function scan(page: Page): Promise<Omit<Scan, 'view' | 'width'>> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ rules: LABEL_IN_NAME })
    .analyze();
  const blocking = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
  return {
    rules: blocking.map(({ id, impact }) => `${id} (${impact})`),
    nodes: blocking.reduce((sum, { nodes }) => sum + nodes.length, 0),
    details: blocking.flatMap(({ id, nodes }) => nodes.map((node) => `${id}: ${node.target.join(' ')}`)),
  };
}

describe('the dashboard’s accessibility', () => {
  const cases = (Object.keys(ROLES) as (keyof typeof ROLES)[]).flatMap((role) =>
    THEMES.map((theme) => ({ role, theme })),
  );
  it.each(cases)(
    'has no serious or critical axe violation on any view for the $role, $theme theme, at 1280 and 390 px',
    async ({ role, theme }) => {
      const page = await e2e.openPage();
      await page.addInitScript(
        (isDark) => localStorage.setItem('isDark', btoa(JSON.stringify(isDark))),
        theme === 'dark',
      );
      await logIn(page, ROLES[role].email, ROLES[role].password);
      const scans: Scan[] = [];
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        for (const view of VIEWS) {
          await showView(page, view);
          // On a phone a table row's hidden columns are behind its expansion: scan them open.
          const expand = page.locator('.data-table__expand').first();
          if (viewport.width < 480 && (await expand.count()) > 0) {
            await expand.click();
            await page.locator('.data-table__details').first().waitFor();
          }
          scans.push({ view: view.id, width: viewport.width, ...(await scan(page)) });
        }
      }
      await mkdir(REPORT_DIR, { recursive: true });
      await writeFile(
        resolve(REPORT_DIR, `dashboard-a11y-${role}-${theme}.json`),
        JSON.stringify(scans, null, 1),
      );
      const failing = scans.filter(({ nodes }) => nodes > 0);
      expect(failing, JSON.stringify(failing, null, 1)).toEqual([]);
    },
    300_000,
  );
});
