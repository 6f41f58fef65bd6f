// Issue 35, point 5: every dashboard table on a phone (390 × 844). The columns that matter stay,
// the rest move into the row's details, opened by the button at the row's start; the table fits
// the width (no sideways scroll, of the table or of the page). Screenshots of each table closed
// and with its first row open go to e2e/screenshots/phone-<view>-390[-details].png.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDashboardTables } from './support/dashboard-data';
import { ADMIN, ADMIN_2FA_OPTIONAL } from './support/server';
import { useServerAndBrowser } from './support/suite';
import { logIn } from './support/ui';

const e2e = useServerAndBrowser({ env: ADMIN_2FA_OPTIONAL });
beforeAll(() => seedDashboardTables(e2e.server), 120_000);

const PHONE = { width: 390, height: 844 } as const;
const SCREENSHOT_DIR = resolve(import.meta.dirname, 'screenshots');

/** Each table as the admin sees it: what stays on the phone, what its first row's details hold. */
const TABLES = [
  {
    view: 'backtest',
    label: 'Backtests',
    region: /^Backtest Manage/,
    shown: ['Period', 'Status', 'Actions'],
    details: ['Creation date', 'Capital', 'Leverage', 'Dynamic secure', 'Market'],
  },
  {
    view: 'monitoring',
    label: 'Monitoring',
    region: 'Client Processes',
    shown: ['Name', 'Status', 'Actions'],
    details: ['ID', 'Version', 'Restarts', 'Uptime', 'Watch'],
  },
  {
    view: 'logs',
    label: 'Logs',
    region: 'Logs',
    shown: ['Action', 'Timestamp', 'Info'],
    details: ['Description', 'User'],
  },
  {
    view: 'users',
    label: 'Users',
    region: 'Users',
    shown: ['Username', 'Status', 'Actions'],
    details: ['Role', 'Type'],
  },
  {
    view: 'accounts',
    label: 'Accounts',
    region: 'Accounts',
    shown: ['ID Account', 'Type', 'Actions'],
    details: ['Broker', 'Owner'],
  },
  {
    view: 'investments',
    label: 'Investments',
    region: 'Investments',
    shown: ['Account', 'Stato', 'Actions'],
    details: ['Algorithm', 'Capital', 'Leverage', 'SAcode'],
  },
  {
    view: 'algorithms',
    label: 'Algorithms',
    region: 'Algorithms',
    shown: ['Nome', 'Min Capital', 'Actions'],
    details: ['Descrizione'],
  },
  {
    view: 'analysis',
    label: 'Analysis',
    region: /^Analysis Manage/,
    shown: ['Period', 'Status', 'Actions'],
    details: ['Market', 'Creation Date'],
  },
] as const;

async function overflow(page: Page, region: ReturnType<Page['getByRole']>) {
  return region.locator('.data-table__scroll').evaluate((area) => ({
    table: area.scrollWidth - area.clientWidth,
    page: document.documentElement.scrollWidth - window.innerWidth,
  }));
}

describe('dashboard tables on a phone', () => {
  it('keeps the columns that matter, puts the rest in the row’s details and fits 390 px', async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const page = await e2e.openPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    // After the login, which waits for the sidebar: on a phone it is a closed drawer.
    await page.setViewportSize(PHONE);
    for (const table of TABLES) {
      await page.goto(`/dashboard?view=${table.view}`);
      const title = page.getByRole('heading', { level: 1, name: table.label });
      await title.waitFor();
      // The top bar's view name is whole, not cut to 'Algorit…'.
      expect
        .soft(await title.evaluate((heading) => heading.scrollWidth - heading.clientWidth), table.view)
        .toBe(0);
      const region = page.getByRole('region', { name: table.region });
      const firstRow = region.locator('tr.data-table__row').first();
      await firstRow.waitFor();
      expect.soft(await region.getByRole('columnheader').allTextContents(), table.view).toEqual(table.shown);
      expect.soft(await overflow(page, region), table.view).toEqual({ table: 0, page: 0 });
      await page.screenshot({
        path: resolve(SCREENSHOT_DIR, `phone-${table.view}-390.png`),
        animations: 'disabled',
      });

      const toggle = firstRow.getByRole('button', { name: /^Altri dati/ });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const details = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      expect.soft(await details.locator('dt').allTextContents(), table.view).toEqual(table.details);
      expect.soft(await overflow(page, region), table.view).toEqual({ table: 0, page: 0 });
      await details.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: resolve(SCREENSHOT_DIR, `phone-${table.view}-390-details.png`),
        animations: 'disabled',
      });
      await toggle.click();
      await details.waitFor({ state: 'detached' });
    }
  }, 180_000);
});
