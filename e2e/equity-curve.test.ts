// A result row's equity curve in a real browser (issue 36, point 1): a customer opens a single
// backtest's curve from its results, and a range's row from the results table, sees the chart
// (lightweight-charts draws into canvases) with the figures the row ends with, and closes the
// curve with Escape back to the results. The backtests run on the seeded demo bars.
import AxeBuilder from '@axe-core/playwright';
import type { BacktestConfig, BacktestResult } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createInvitedUser } from './support/api';
import { captureScreen } from './support/screenshots';
import { useServerAndBrowser } from './support/suite';
import { logIn, openView } from './support/ui';

const CUSTOMER = {
  firstname: 'Marta',
  lastname: 'Neri',
  email: 'marta.neri@example.com',
  password: 'Marta-Password-1',
} as const;
/** Seeded synthetic GOLD bars cover 2023-07-03..2025-07-02. */
const COMMON = {
  capital: 10_000,
  accountType: 'retail',
  leverage: 20,
  market: 'GOLD',
  worst: 300,
  safeWorst: 400,
} as const;

const e2e = useServerAndBrowser();

/** The serious and critical WCAG 2.2 A/AA violations inside an element, as the dashboard's scans count them. */
async function blockingViolations(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
let jwt = '';

beforeAll(async () => {
  await createInvitedUser(e2e.server, CUSTOMER);
  jwt = await apiLogin(e2e.server, CUSTOMER.email, CUSTOMER.password);
});

/** Submits a backtest as the customer and waits for its rows. */
async function finishedBacktest(config: BacktestConfig): Promise<{ id: string; results: BacktestResult[] }> {
  const created = await api(e2e.server, API.backtests.create, {
    jwt,
    body: { config },
  });
  const id = created.data?._id ?? '';
  await expect
    .poll(async () => (await api(e2e.server, API.backtests.get, { params: { id }, jwt })).data?.isCompleted, {
      timeout: 90_000,
      interval: 500,
    })
    .toBe(2);
  const done = await api(e2e.server, API.backtests.get, { params: { id }, jwt });
  return { id, results: done.data?.results ?? [] };
}

const euro = (amount: number) =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(amount);

/** The curve dialog once its chart is drawn: the chart's canvases are there and painted. */
async function openedCurve(page: Page) {
  const curve = page.getByRole('dialog', { name: 'Curva di equity e drawdown' });
  await curve.waitFor();
  const chart = curve.getByTestId('equity-curve-chart');
  await chart.waitFor({ timeout: 30_000 });
  await expect.poll(() => chart.locator('canvas').count()).toBeGreaterThan(2);
  // Something is painted: a canvas of the main pane holds pixels that are not all transparent.
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
  return curve;
}

const figure = (curve: ReturnType<Page['getByRole']>, label: string) =>
  curve
    .locator('.chart-panel__figure')
    .filter({ has: curve.page().getByText(label, { exact: true }) })
    .locator('dd');

describe('the equity curve of a result row', () => {
  it('opens a single backtest’s curve from its results, with the figures the row ends with', async () => {
    const single = await finishedBacktest({
      ...COMMON,
      type: 'single',
      from: '2025-05-01',
      to: '2025-06-27',
    });
    const row = single.results[0]!;
    expect(row.trades).toBeGreaterThan(0);

    const page = await e2e.openPage();
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    await openView(page, 'Backtests');
    await page.getByRole('button', { name: 'Visualizza backtest GOLD 01/05/2025 – 27/06/2025' }).click();
    const results = page.getByRole('dialog', { name: 'Risultati backtest' });
    await results.getByRole('button', { name: 'Curva di equity', exact: true }).click();

    const curve = await openedCurve(page);
    await curve.getByText('Size 1 · Addizionale 0,5 · Mediazione 30 · Target 50').waitFor();
    expect(await figure(curve, 'Balance finale').textContent()).toBe(euro(COMMON.capital + row.profit));
    expect(await figure(curve, 'Equity finale').textContent()).toBe(
      euro(COMMON.capital + row.profit + row.openPnl),
    );
    expect(await figure(curve, 'Drawdown massimo').textContent()).toBe(
      `${new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 }).format(row.maxDrawdown)}%`,
    );
    expect(await figure(curve, 'Cicli chiusi').textContent()).toBe(String(row.trades));
    await captureScreen(page, 'equity-curve-single', ['1280', '480']);
    expect(await blockingViolations(page, '.dialog--chart')).toEqual([]);

    // Escape closes the curve alone: the results stay open under it.
    await page.keyboard.press('Escape');
    await curve.waitFor({ state: 'hidden' });
    await expect.poll(() => results.isVisible()).toBe(true);
  });

  it('opens the curve of any row of a range sweep from the results table', async () => {
    const algorithms = await api(e2e.server, API.algorithms.list, { jwt });
    const algorithm = algorithms.data?.find((candidate) => candidate.market === 'GOLD');
    const range = await finishedBacktest({
      ...COMMON,
      type: 'range',
      from: '2025-06-16',
      to: '2025-06-27',
      algorithm: algorithm?._id ?? '',
      dynamic: true,
      close: false,
    });
    expect(range.results).toHaveLength(1323);

    const page = await e2e.openPage();
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    await openView(page, 'Backtests');
    await page.getByRole('button', { name: 'Visualizza backtest GOLD 16/06/2025 – 27/06/2025' }).click();
    const results = page.getByRole('dialog', { name: 'Risultati backtest' });
    // Every row the slider allows at its highest risk, once the rows are there.
    const slider = results.getByRole('slider');
    await expect.poll(() => slider.inputValue(), { timeout: 30_000 }).toBe('10');

    // What a customer sizes a row with: the margin at either leverage, the stops, the worst drawdown;
    // the risk read at 1:200 lets more rows in than at the backtest's 1:20 (issue 36, point 5).
    for (const header of ['Margine 1:20', 'Margine 1:200', 'Stops', 'Max drawdown'])
      await results.getByRole('columnheader', { name: header, exact: true }).waitFor();
    const counted = async () => {
      const counter = (await results.getByText(/^\d+-\d+ di \d+$/).textContent()) ?? '';
      return Number(counter.split(' di ')[1]);
    };
    const at20 = range.results.filter((row) => row.requirement <= 10).length;
    await expect.poll(counted).toBe(at20);
    await results.getByRole('radio', { name: '1:200' }).check();
    const at200 = range.results.filter((row) => (row.requirement200 ?? row.requirement) <= 10).length;
    expect(at200).toBeGreaterThan(at20);
    await expect.poll(counted).toBe(at200);
    await captureScreen(page, 'backtest-results-leverage', ['1280', '480']);
    expect(await blockingViolations(page, '.dialog--results')).toEqual([]);
    await results.getByRole('radio', { name: 'Leva del backtest (1:20)' }).check();
    await expect.poll(counted).toBe(at20);

    await slider.fill('90');
    await results.getByText('Risultati con requirement ≤ 90%').waitFor();
    const shown = range.results.filter((row) => row.requirement <= 90);
    const row = shown[0]!;
    const number = (value: number, decimals: number) =>
      new Intl.NumberFormat('it-IT', { maximumFractionDigits: decimals }).format(value);
    const label =
      `Curva di equity: size ${number(row.size, 3)}, addizionale ${number(row.addizionale, 3)}, ` +
      `mediazione ${number(row.mediazione, 2)}, target ${number(row.target, 2)}`;
    await results.getByRole('button', { name: label, exact: true }).click();

    const curve = await openedCurve(page);
    expect(await figure(curve, 'Equity finale').textContent()).toBe(
      euro(COMMON.capital + row.profit + row.openPnl),
    );
    expect(await figure(curve, 'Cicli chiusi').textContent()).toBe(String(row.trades));
    await captureScreen(page, 'equity-curve-range-row', ['1280']);
    await curve.getByRole('button', { name: 'Chiudi' }).click();
    await curve.waitFor({ state: 'hidden' });
    await expect.poll(() => results.isVisible()).toBe(true);
  });
});
