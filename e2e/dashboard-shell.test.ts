// The dashboard frame and its own views in a real browser on the built app: the overview totals
// and chart, the navigation (drawer on narrow screens), the theme kept across a reload, the
// logs table's paging, the maintenance notice of admin views for a regular user, and the
// settings (change password, 2FA). The scenarios run in order on one server: the admin's OTP
// setup is skipped by the first, the regular user is created by the one that needs it.
import { API } from '@platform/contracts/api';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, apiLogin, createInvitedUser, loginFrom } from './support/api';
import { VIEWPORTS } from './support/browser';
import { captureScreen } from './support/screenshots';
import { ADMIN, ADMIN_2FA_OPTIONAL } from './support/server';
import { useServerAndBrowser } from './support/suite';
import { totpCode } from './support/totp';
import { logIn, openView, sidebarLink } from './support/ui';

const e2e = useServerAndBrowser({ env: ADMIN_2FA_OPTIONAL });

const CUSTOMER = {
  firstname: 'Mario',
  lastname: 'Rossi',
  email: 'mario.rossi@example.com',
  password: 'Mario-Password-1',
  newPassword: 'Mario-Password-2',
} as const;
let customerCreated = false;

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

describe('dashboard', () => {
  it('shows the admin the overview totals and the profit/loss chart', async () => {
    const page = await e2e.openPage();
    await logIn(page, ADMIN.email, ADMIN.password);

    const jwt = await apiLogin(e2e.server, ADMIN.email, ADMIN.password);
    const investments = (await api(e2e.server, API.investments.list, { jwt })).data ?? [];
    const transactions = (await api(e2e.server, API.transactions.list, { jwt })).data ?? [];
    const shown = investments.filter((investment) => investment.isRunning !== 3);
    expect(shown.length).toBeGreaterThan(0);
    expect(transactions.length).toBeGreaterThan(0);
    const capital = shown.reduce((sum, investment) => sum + investment.capital, 0);
    const notional = shown.reduce(
      (sum, investment) => sum + investment.capital * investment.parameters.leverage,
      0,
    );
    const profitLoss = transactions.reduce((sum, transaction) => sum + transaction.profitLoss, 0);

    // By class, not role: the figures out of view in the carousel are hidden from the accessibility tree.
    const figure = (label: string) =>
      page.locator('article.headline-figure', { has: page.locator('h2', { hasText: label }) });
    await figure('TOTALE CAPITALE').waitFor();
    expect(await figure('TOTALE CAPITALE').locator('p').textContent()).toBe(euro.format(capital));
    expect(await figure('TOTALE NOZIONALE').locator('p').textContent()).toBe(euro.format(notional));
    expect(await figure('PROFIT/LOSS').locator('p').textContent()).toBe(euro.format(profitLoss));
    await figure('PROFIT/LOSS')
      .getByText(profitLoss >= 0 ? 'profit' : 'loss', { exact: true })
      .waitFor();

    const chart = page.getByRole('heading', { name: 'PROFIT/LOSS CHART' });
    await chart.waitFor();
    await page.locator('.profit-loss-chart canvas').first().waitFor();
    await page.locator('main').getByText(ADMIN.email).waitFor();
    await captureScreen(page, 'dashboard-overview');

    // At 768px or less the figures take turns; a dot jumps to its figure.
    await page.setViewportSize(VIEWPORTS.mobile);
    const dots = page.getByRole('group', { name: 'Scegli la cifra' }).getByRole('button');
    await dots.first().waitFor(); // the carousel appears once the narrow layout applies
    expect(await dots.count()).toBe(3);
    await dots.nth(2).click();
    await expect.poll(() => figure('PROFIT/LOSS').getAttribute('aria-hidden')).toBeNull();
    expect(await figure('TOTALE CAPITALE').getAttribute('aria-hidden')).toBe('true');
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it('navigates between views, in a drawer on narrow screens, and keeps the view across a reload', async () => {
    const page = await e2e.openPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('heading', { name: 'PROFIT/LOSS CHART' }).waitFor();

    await openView(page, 'Backtests');
    await page.getByRole('region', { name: /^Backtest Manage - In queue: \d+$/ }).waitFor();
    expect(new URL(page.url()).search).toBe('?view=backtest');
    await captureScreen(page, 'dashboard-backtests');
    await openView(page, 'Monitoring');
    await page.getByRole('region', { name: 'Client Processes' }).waitFor();
    await captureScreen(page, 'dashboard-monitoring');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Monitoring' }).waitFor();
    expect(await sidebarLink(page, 'Monitoring').getAttribute('aria-current')).toBe('page');

    // The skip-links move the keyboard focus.
    await page.keyboard.press('Tab');
    await page.getByRole('link', { name: 'Salta al contenuto principale' }).press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.getByRole('link', { name: 'Salta alla navigazione' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('dashboard-navigation');

    await page.setViewportSize(VIEWPORTS.mobile);
    const menuButton = page.getByRole('button', { name: 'Apri il menu' });
    await menuButton.click();
    await sidebarLink(page, 'Overview').waitFor();
    await page.screenshot({
      path: resolve(import.meta.dirname, 'screenshots/dashboard-drawer-480.png'),
      animations: 'disabled',
    });
    await page.keyboard.press('Escape');
    await expect.poll(() => sidebarLink(page, 'Overview').isVisible()).toBe(false);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Apri il menu',
    );

    await menuButton.click();
    await sidebarLink(page, 'Overview').click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await expect.poll(() => sidebarLink(page, 'Overview').isVisible()).toBe(false);
    expect(new URL(page.url()).search).toBe('');
  });

  it('keeps the dark theme across a reload', async () => {
    const page = await e2e.openPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    expect(await theme()).toBe('light');

    const toggle = page.getByRole('switch', { name: 'Tema scuro' });
    await toggle.click();
    expect(await theme()).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { name: 'PROFIT/LOSS CHART' }).waitFor();
    expect(await theme()).toBe('dark');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await captureScreen(page, 'dashboard-overview-dark');
    await openView(page, 'Logs');
    await page
      .getByRole('button', { name: /^Dettagli di / })
      .first()
      .waitFor();
    await captureScreen(page, 'dashboard-logs-dark');
    await openView(page, 'Settings');
    await captureScreen(page, 'dashboard-settings-dark');

    await toggle.click();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await theme()).toBe('light');
  });

  it('pages the logs 50 at a time and changes the rows per page', async () => {
    // Failed logins with unknown addresses: rows without a user. Ten at a time keeps the test short;
    // each ten from a client address of its own, under the server's cap of failures per address.
    for (let batch = 0; batch < 6; batch += 1) {
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          loginFrom(e2e.server, `127.0.0.${batch + 2}`, {
            username: `nobody-${batch * 10 + index}@example.com`,
            password: 'wrong-password',
          }),
        ),
      );
    }
    const page = await e2e.openPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    // Before the view opens: this login's own rows are then part of the pages it shows.
    const jwt = await apiLogin(e2e.server, ADMIN.email, ADMIN.password);
    await openView(page, 'Logs');

    const logs = page.getByRole('region', { name: 'Logs' });
    /** The server's page: the view's first row becomes its first row once the page has arrived. */
    const firstRowOf = async (query: { limit: number; offset: number }) => {
      const rows = (await api(e2e.server, API.logs.list, { query, jwt })).data ?? [];
      const shown = logs.locator('tbody tr.data-table__row').first().getByRole('cell').nth(1);
      await expect.poll(() => shown.textContent()).toBe(rows[0]?.description);
    };
    const range = logs.getByText(/^\d+-\d+ di \d+$/);
    await range.waitFor();
    const [, total] = /^1-50 di (\d+)$/.exec((await range.textContent()) ?? '') ?? [];
    expect(Number(total)).toBeGreaterThan(60);
    await logs.getByRole('cell', { name: 'Unknown User' }).first().waitFor();
    await captureScreen(page, 'dashboard-logs');

    await logs.getByLabel('Righe:').selectOption('20');
    expect(await range.textContent()).toBe(`1-20 di ${total}`);
    await logs.getByRole('button', { name: '2', exact: true }).click();
    expect(await range.textContent()).toBe(`21-40 di ${total}`);
    await firstRowOf({ limit: 20, offset: 20 });
    // The last page in one jump: the server pages, the browser holds one page only.
    const lastPage = Math.ceil(Number(total) / 20);
    await logs.getByRole('button', { name: String(lastPage), exact: true }).click();
    expect(await range.textContent()).toBe(`${(lastPage - 1) * 20 + 1}-${total} di ${total}`);
    await firstRowOf({ limit: 20, offset: (lastPage - 1) * 20 });
    await logs.getByLabel('Righe:').selectOption('100');
    expect(await range.textContent()).toBe(`1-${Math.min(100, Number(total))} di ${total}`);

    await logs
      .getByRole('button', { name: /^Dettagli di / })
      .first()
      .click();
    const details = page.getByRole('dialog', { name: 'Dettagli log' });
    for (const label of ['Action', 'Description', 'Timestamp', 'User', 'IP Address', 'User Agent']) {
      await details.getByText(label, { exact: true }).waitFor();
    }
    await captureScreen(page, 'dashboard-log-details');
    await details.getByRole('button', { name: 'Chiudi' }).click();
    await details.waitFor({ state: 'hidden' });
  });

  it('shows a regular user the maintenance notice on the admin views', async () => {
    await createInvitedUser(e2e.server, CUSTOMER);
    customerCreated = true;
    const page = await e2e.openPage();
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    await page.getByRole('heading', { name: 'PROFIT/LOSS CHART' }).waitFor();
    await captureScreen(page, 'dashboard-overview-user');

    for (const view of ['Users', 'Monitoring', 'Algorithms']) {
      await openView(page, view);
      await page.getByText('Sezione Dashboard - Under maintenance', { exact: true }).waitFor();
    }
    await openView(page, 'Users');
    await captureScreen(page, 'dashboard-users-maintenance');
  });

  it('changes the password, then turns 2FA on from the settings', async () => {
    if (!customerCreated) throw new Error('Needs the user created by the previous scenario.');
    const page = await e2e.openPage();
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    await openView(page, 'Settings');
    await page.getByText('2025.07.30').waitFor();
    await page.getByText('2025.07.12').waitFor();
    await captureScreen(page, 'dashboard-settings');

    await page.getByRole('button', { name: /Cambia Password/ }).click();
    await page.getByLabel('Password attuale', { exact: true }).fill(CUSTOMER.password);
    await page.getByLabel('Nuova password', { exact: true }).fill(CUSTOMER.newPassword);
    await page.getByLabel('Conferma nuova password', { exact: true }).fill('something-else-1');
    await page.getByRole('button', { name: 'Cambia Password' }).click();
    await page.getByText('Le nuove password non coincidono.').waitFor();
    await captureScreen(page, 'dashboard-settings-password');
    await page.getByLabel('Conferma nuova password', { exact: true }).fill(CUSTOMER.newPassword);
    await page.getByRole('button', { name: 'Cambia Password' }).click();
    await page.getByText('Password cambiata con successo!').waitFor();
    await page.getByRole('button', { name: /Autenticazione 2FA/ }).waitFor();
    expect(
      (
        await api(e2e.server, API.auth.login, {
          body: { username: CUSTOMER.email, password: CUSTOMER.password },
        })
      ).ok,
    ).toBe(false);
    await apiLogin(e2e.server, CUSTOMER.email, CUSTOMER.newPassword);

    await page.getByRole('button', { name: /Autenticazione 2FA/ }).click();
    await page.getByRole('button', { name: 'Verifica password' }).click();
    await page.getByText('Inserisci la password corrente.').waitFor();
    await page.getByLabel('Password attuale', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Verifica password' }).click();
    await page.getByText('Password errata.').waitFor();
    await page.getByLabel('Password attuale', { exact: true }).fill(CUSTOMER.newPassword);
    await page.getByRole('button', { name: 'Verifica password' }).click();
    await page.getByText('Password verificata!').waitFor();

    const secret = (await page.getByTestId('otp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await page.getByRole('img', { name: 'Codice QR della chiave segreta' }).waitFor();
    await captureScreen(page, 'dashboard-settings-2fa');
    await page.getByRole('button', { name: 'Attiva 2FA' }).click();
    await page.getByText('Inserisci il codice OTP.').waitFor();
    await page.getByLabel('Codice OTP').fill((await totpCode(secret)).code);
    await page.getByRole('button', { name: 'Attiva 2FA' }).click();
    await page.getByText('OTP abilitato correttamente!').waitFor();
    await page
      .getByRole('button', { name: /Autenticazione 2FA/ })
      .getByText('Attiva', { exact: true })
      .waitFor();

    // With 2FA on, changing the password asks for a code too.
    await page.getByRole('button', { name: /Cambia Password/ }).click();
    await page.getByLabel('Password attuale', { exact: true }).fill(CUSTOMER.newPassword);
    await page.getByLabel('Nuova password', { exact: true }).fill(CUSTOMER.password);
    await page.getByLabel('Conferma nuova password', { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Cambia Password' }).click();
    await page.getByText('Inserisci il codice OTP.').waitFor();
    const login = await api(e2e.server, API.auth.login, {
      body: { username: CUSTOMER.email, password: CUSTOMER.newPassword },
    });
    expect(login.requiresOtp).toBe(true);
  });
});
