// An investment's view in a real browser (issue 36, point 2): a customer's paper bot trades on the
// replay feed 10,000 times faster than real time; the customer opens the investment from the
// Investments list and sees its market's candles with the bot's entries and exits as markers, and
// a fill arriving adds markers without a reload (the view asks every 5 s); the equity, the open
// positions and the transactions are under the chart, at 1280 and at 390 px. Then a result row's
// curve, and its 'Prezzo' tab: the market over the backtest's period with the row's cycles.
import { API } from '@platform/contracts/api';
import type { Locator, Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createInvitedUser } from './support/api';
import { VIEWPORTS } from './support/browser';
import { useServerAndBrowser } from './support/suite';
import { logIn, openView } from './support/ui';

const CUSTOMER = {
  firstname: 'Lucia',
  lastname: 'Ferri',
  email: 'lucia.ferri@example.com',
  password: 'Lucia-Password-1',
} as const;
const ACCOUNT_ID = 'PAPER-3601';
/** Cycles close every second or two at this speed; the view asks every 5 s. */
const TRADE_TIMEOUT_MS = 40_000;
const SCREENSHOT_DIR = resolve(import.meta.dirname, 'screenshots');
const PHONE = { width: 390, height: 844 } as const;

const e2e = useServerAndBrowser({ env: { FEED_SPEED: '10000', DEMO_DATA: '1' } });

let jwt = '';
let investmentId = '';

beforeAll(async () => {
  await createInvitedUser(e2e.server, CUSTOMER);
  jwt = await apiLogin(e2e.server, CUSTOMER.email, CUSTOMER.password);
  const account = await api(e2e.server, API.accounts.add, {
    jwt,
    body: {
      accountId: ACCOUNT_ID,
      isDemo: true,
      username: 'lucia.paper',
      password: 'paper-secret-9',
      apikey: 'paper-key-9',
    },
  });
  const algorithms = await api(e2e.server, API.algorithms.list, { jwt });
  const gold = algorithms.data?.find((algorithm) => algorithm.name === 'Grid Gold');
  const investment = await api(e2e.server, API.investments.add, {
    jwt,
    body: {
      accountId: account.data?._id ?? '',
      algorithmId: gold?._id ?? '',
      capital: 10_000,
      parameters: { leverage: 20, size: 1, additional: 0.5, maxcontracts: 10 },
    },
  });
  if (!investment.data) throw new Error(`The investment was not added: ${investment.error}`);
  investmentId = investment.data._id;
});

/** The chart once drawn: its canvases are there and something is painted on them. */
async function paintedChart(chart: Locator): Promise<void> {
  await chart.waitFor({ timeout: 30_000 });
  await expect.poll(() => chart.locator('canvas').count()).toBeGreaterThan(1);
  await expect
    .poll(() =>
      chart.evaluate((element) =>
        Array.from(element.querySelectorAll('canvas')).some((canvas) => {
          const context = canvas.getContext('2d');
          if (!context || canvas.width === 0 || canvas.height === 0) return false;
          const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
          for (let index = 3; index < data.length; index += 4) if (data[index] !== 0) return true;
          return false;
        }),
      ),
    )
    .toBe(true);
}

const shownMarkers = async (chart: Locator) => Number(await chart.getAttribute('data-shown'));

async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

describe('an investment’s view', () => {
  it('opens from the list with the bot’s entries and exits on its market, and grows as fills arrive', async () => {
    // The bot has traded: its first cycles are closed.
    await expect
      .poll(
        async () =>
          (await api(e2e.server, API.investmentChart.chart, { params: { id: investmentId }, jwt })).data
            ?.transactionCount ?? 0,
        { timeout: TRADE_TIMEOUT_MS, interval: 1000 },
      )
      .toBeGreaterThan(0);

    const page = await e2e.openPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    await openView(page, 'Investments');
    await page.getByRole('button', { name: `Visualizza investment ${ACCOUNT_ID} Grid Gold` }).click();
    const view = page.getByRole('dialog', { name: 'Grafico dell’investimento' });
    await view.waitFor();
    await view.getByText(`${ACCOUNT_ID} · Grid Gold`).waitFor();
    const chart = view.getByTestId('investment-chart');
    await paintedChart(chart);

    // Markers on the candles: each closed cycle an entry and an exit, named in the chart's label.
    await expect.poll(() => shownMarkers(chart)).toBeGreaterThan(1);
    expect(Number(await chart.getAttribute('data-exits'))).toBeGreaterThan(0);
    const label = chart.getByRole('img', { name: /^Prezzo di GOLD/ });
    expect(await label.getAttribute('aria-label')).toMatch(
      /^Prezzo di GOLD con \d+ entrate e \d+ uscite del bot.*; equity da /,
    );
    const transactions = view.getByRole('region', { name: 'Transazioni' });
    await expect.poll(() => transactions.getByRole('row').count()).toBeGreaterThan(1);
    await view.getByRole('region', { name: 'Posizioni aperte' }).waitFor();

    // Fills go on arriving while the view is open: new markers, no reload.
    const before = await shownMarkers(chart);
    await expect
      .poll(() => shownMarkers(chart), { timeout: TRADE_TIMEOUT_MS, interval: 500 })
      .toBeGreaterThan(before);
    // A picture with a few dozen of the feed's bars (one a second at this speed).
    await expect
      .poll(async () => Number(await chart.getAttribute('data-bars')), {
        timeout: TRADE_TIMEOUT_MS,
        interval: 1000,
      })
      .toBeGreaterThanOrEqual(30);
    await screenshot(page, 'investment-chart-1280');

    // At a phone's width the figures, the chart and the tables fit its width.
    await page.setViewportSize(PHONE);
    await paintedChart(chart);
    const overflow = await view.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, 'investment-chart-390');
    await page.setViewportSize(VIEWPORTS.desktop);

    await page.keyboard.press('Escape');
    await expect.poll(() => view.isVisible()).toBe(false);
    await page.getByRole('region', { name: 'Investments' }).waitFor();
  });

  it('shows a result row’s equity curve, and in its Prezzo tab the market with the row’s cycles', async () => {
    const created = await api(e2e.server, API.backtests.create, {
      jwt,
      body: {
        config: {
          type: 'single',
          capital: 10_000,
          accountType: 'retail',
          leverage: 20,
          market: 'GOLD',
          worst: 300,
          safeWorst: 400,
          from: '2025-05-01',
          to: '2025-06-27',
        },
      },
    });
    const id = created.data?._id ?? '';
    await expect
      .poll(
        async () => (await api(e2e.server, API.backtests.get, { params: { id }, jwt })).data?.isCompleted,
        { timeout: 120_000, interval: 1000 },
      )
      .toBe(2);
    const done = await api(e2e.server, API.backtests.get, { params: { id }, jwt });
    const trades = done.data?.results[0]?.trades ?? 0;
    expect(trades).toBeGreaterThan(0);

    const page = await e2e.openPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    await openView(page, 'Backtests');
    await page.getByRole('button', { name: 'Visualizza backtest GOLD 01/05/2025 – 27/06/2025' }).click();
    const results = page.getByRole('dialog', { name: 'Risultati backtest' });
    await results.getByRole('button', { name: 'Curva di equity', exact: true }).click();
    const curve = page.getByRole('dialog', { name: 'Curva di equity e drawdown' });
    await paintedChart(curve.getByTestId('equity-curve-chart'));
    await screenshot(page, 'row-equity-curve-1280');

    await curve.getByRole('tab', { name: 'Prezzo' }).click();
    expect(await curve.getByRole('tab', { name: 'Prezzo' }).getAttribute('aria-selected')).toBe('true');
    const prices = curve.getByTestId('equity-curve-price-chart');
    await paintedChart(prices);
    // The row's own cycles: every one closed is on the chart, and each was opened.
    expect(Number(await prices.getAttribute('data-closed'))).toBe(trades);
    expect(Number(await prices.getAttribute('data-opened'))).toBeGreaterThanOrEqual(trades);
    await screenshot(page, 'row-price-chart-1280');
    await page.setViewportSize(PHONE);
    await paintedChart(prices);
    await screenshot(page, 'row-price-chart-390');
  });
});
