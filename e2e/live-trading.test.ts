// The live runtime of issue 11 in a real browser on the built app, with the demo data on and the
// replay feed 10,000 times faster than real time (a 1m bar lasts 6 ms, a day of GOLD under 9 s): a
// user adds a demo account and an investment on it through the forms, sees its bot running in the
// investments list and a second, misconfigured one fail with its reason without a reload, watches
// the overview's PROFIT/LOSS and chart move as the bot closes cycles, then asks for the deletion
// of the running one and its bot makes no more transactions while the demo customer's bot, on the
// same prices and parameters, goes on trading. The API only waits and confirms; every assertion
// that matters is also on what the user sees.
import type { DataOf, Investment } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  apiLogin,
  createInvitedUser,
  withJwt,
  type ApiArguments,
  type EnvelopeEndpoint,
} from './support/api';
import { VIEWPORTS } from './support/browser';
import { captureScreen } from './support/screenshots';
import { ADMIN } from './support/server';
import { useServerAndBrowser } from './support/suite';
import { logIn, openView, toast } from './support/ui';

const CUSTOMER = {
  firstname: 'Marco',
  lastname: 'Neri',
  email: 'marco.neri@example.com',
  password: 'Marco-Password-1',
} as const;
const BROKER = {
  accountId: 'PAPER-2001',
  username: 'marco.paper',
  password: 'paper-secret-7',
  apikey: 'paper-key-1',
} as const;
/** The demo customer's parameters (capital 10,000, leverage 20, size 1.0, addizionale 0.5, 10 contracts) on the seeded GOLD grid. */
const TRADING = {
  algorithm: 'Grid Gold',
  capital: '10000',
  leverage: '20',
  saCode: '01005',
  maxContracts: '10',
} as const;
/** An entry of 5 lots with at most 1 contract: the bot can never open a cycle and stops with the reason. */
const MISCONFIGURED = { ...TRADING, saCode: '05005', maxContracts: '1' } as const;
const DEMO_INVESTMENT_OWNER = 'demo@example.com';
/** Cycles close every second or two at this speed; the lists poll every 5 s. */
const TRADE_TIMEOUT_MS = 40_000;
/** A bot's stop is asynchronous to the deletion request: a cycle may still close this soon after it. */
const STOP_GRACE_MS = 2_000;

const e2e = useServerAndBrowser({ env: { FEED_SPEED: '10000', DEMO_DATA: '1' } });

let adminJwt: string | undefined;

/** A list as the admin sees it: everyone's rows. */
async function adminList<E extends EnvelopeEndpoint>(
  endpoint: E,
  ...args: ApiArguments<E>
): Promise<DataOf<E>> {
  const jwt = (adminJwt ??= await apiLogin(e2e.server, ADMIN.email, ADMIN.password));
  const answer = await api(e2e.server, endpoint, ...withJwt<E>(jwt, ...args));
  if (!answer.data) throw new Error(`${endpoint.method} ${endpoint.path} failed: ${answer.error}`);
  return answer.data;
}

const transactionsOf = async (investmentId: string) =>
  (await adminList(API.transactions.list)).filter((row) => row.investmentId === investmentId);

/** The customer's investments (state 3 included), by SA code size. */
async function customerInvestment(size: number): Promise<Investment> {
  const rows = await adminList(API.investments.list);
  const found = rows.find(
    (row) => row.account.accountId === BROKER.accountId && row.parameters.size === size,
  );
  if (!found) throw new Error(`No investment of size ${size} on ${BROKER.accountId}`);
  return found;
}

/** The number of transactions the PROFIT/LOSS CHART says it draws, from its accessible name. */
async function chartedTransactions(page: Page): Promise<number> {
  const label = await page
    .getByRole('img', { name: /^Profit\/loss cumulato su \d+ transazioni/ })
    .getAttribute('aria-label');
  const match = /su (\d+) transazioni/.exec(label ?? '');
  if (!match?.[1]) throw new Error(`Unexpected chart label: ${label}`);
  return Number(match[1]);
}

const profitLossFigure = (page: Page): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'PROFIT/LOSS', exact: true }) });

async function addInvestment(page: Page, values: typeof TRADING | typeof MISCONFIGURED): Promise<void> {
  await page.getByRole('button', { name: 'Add Investment' }).click();
  await page.getByRole('heading', { name: 'New Investment' }).waitFor();
  await page.getByLabel('Account').selectOption({ label: `${BROKER.accountId} - ${CUSTOMER.email}` });
  await page.getByLabel('Algorithm').selectOption({ label: values.algorithm });
  await page.getByLabel('Capital').fill(values.capital);
  await page.getByLabel(/^Leverage/).fill(values.leverage);
  await page.getByLabel('SA Code').fill(values.saCode);
  await page.getByLabel('Max Contracts').fill(values.maxContracts);
  await page.getByRole('button', { name: 'Aggiungi Investment' }).click();
  await toast(page, 'Investment aggiunto con successo!').waitFor();
}

beforeAll(() => createInvitedUser(e2e.server, CUSTOMER));

describe('live trading', () => {
  it('runs a new investment’s bot, shows a failed one’s reason, and moves the overview as cycles close', async () => {
    const page = await e2e.openPage();
    await logIn(page, CUSTOMER.email, CUSTOMER.password);

    // A new user has no transactions: the chart is empty and the result is zero.
    const chart = page.getByRole('img', { name: /^Profit\/loss cumulato su/ });
    await chart.waitFor();
    expect(await chartedTransactions(page)).toBe(0);
    const profitLossBefore = await profitLossFigure(page).textContent();

    await openView(page, 'Accounts');
    await page.getByRole('button', { name: 'New Account' }).click();
    await page.getByRole('heading', { name: 'Aggiungi Account' }).waitFor();
    await page.getByLabel('ID Account').fill(BROKER.accountId);
    await page.getByLabel('Username').fill(BROKER.username);
    await page.getByLabel('Password', { exact: true }).fill(BROKER.password);
    await page.getByLabel('API Key').fill(BROKER.apikey);
    expect(await page.getByLabel('Demo Account').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Aggiungi Account' }).click();
    await toast(page, 'Account aggiunto con successo!').waitFor();
    await page.getByRole('region', { name: 'Accounts' }).getByText('Demo account').waitFor();

    await openView(page, 'Investments');
    const investments = page.getByRole('region', { name: 'Investments' });
    await investments.getByRole('columnheader', { name: 'Stato' }).waitFor();
    await addInvestment(page, TRADING);
    const tradingRow = investments
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: TRADING.saCode, exact: true }) });
    await tradingRow.getByText('Attivo', { exact: true }).waitFor();

    await addInvestment(page, MISCONFIGURED);
    const failingRow = investments
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: MISCONFIGURED.saCode, exact: true }) });
    await failingRow.waitFor();
    // The bot stops on its first price; the list's polling brings the state and the reason.
    await failingRow.getByText('Errore', { exact: true }).waitFor({ timeout: 20_000 });
    const failed = await customerInvestment(5);
    expect(failed.isRunning).toBe(2);
    expect(failed.statusMessage).toBeTruthy();
    await failingRow.getByText(failed.statusMessage ?? '', { exact: true }).waitFor();
    await expect.poll(() => tradingRow.getByText('Attivo', { exact: true }).isVisible()).toBe(true);
    await captureScreen(page, 'live-investments');
    // At 480 px the SA code is in the rows' details (issue 35, point 5): the failing row is the one in Errore.
    await page.setViewportSize(VIEWPORTS.mobile);
    await investments.getByText('Errore', { exact: true }).scrollIntoViewIfNeeded();
    await captureScreen(page, 'live-investments-state', ['480']);

    // Cycles close on the replay: the chart gets its points and PROFIT/LOSS leaves zero.
    const trading = await customerInvestment(1);
    await openView(page, 'Overview');
    await expect
      .poll(() => chartedTransactions(page), { timeout: TRADE_TIMEOUT_MS, interval: 500 })
      .toBeGreaterThan(0);
    const firstCount = await chartedTransactions(page);
    expect((await transactionsOf(trading._id)).length).toBeGreaterThanOrEqual(firstCount);
    await expect.poll(() => profitLossFigure(page).textContent()).not.toBe(profitLossBefore);
    expect(await page.getByText('Nessun dato disponibile al momento').count()).toBe(0);
    // And they go on closing while the overview stays open.
    await expect
      .poll(() => chartedTransactions(page), { timeout: TRADE_TIMEOUT_MS, interval: 500 })
      .toBeGreaterThan(firstCount);
    await captureScreen(page, 'live-overview');
  });

  it('stops a bot whose deletion was requested: no more transactions of it', async () => {
    const page = await e2e.openPage();
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    const trading = await customerInvestment(1);
    const demo = (await adminList(API.investments.list)).find(
      (row) => row.account.username === DEMO_INVESTMENT_OWNER,
    );
    expect(demo?.isRunning).toBe(1);

    await openView(page, 'Investments');
    const investments = page.getByRole('region', { name: 'Investments' });
    const tradingRow = investments
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: TRADING.saCode, exact: true }) });
    await tradingRow.getByRole('button', { name: /^Elimina investment/ }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText(
        'Sei sicuro di voler eliminare questo investimento? Le posizioni non verranno chiuse automaticamente',
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Sì', exact: true }).click();
    await toast(page, 'Richiesta di eliminazione inviata correttamente').waitFor();
    await tradingRow.waitFor({ state: 'detached' });
    // The failed one stays, with its reason.
    await investments.getByText('Errore', { exact: true }).waitFor();
    const stoppedAt = Date.now() + STOP_GRACE_MS;
    expect((await customerInvestment(1)).isRunning).toBe(3);

    // The demo customer's bot trades the same prices with the same parameters: once it has closed
    // cycles after the stop, the deleted investment's would have too.
    const closedAfterStop = async (investmentId: string) =>
      (await transactionsOf(investmentId)).filter((row) => Date.parse(row.closedAt) > stoppedAt).length;
    await expect
      .poll(() => closedAfterStop(demo?._id ?? ''), { timeout: TRADE_TIMEOUT_MS, interval: 1000 })
      .toBeGreaterThanOrEqual(3);
    expect(await closedAfterStop(trading._id)).toBe(0);

    // What the user sees agrees: the overview's chart holds every transaction of the stopped bot, no more.
    const total = (await transactionsOf(trading._id)).length;
    await openView(page, 'Overview');
    await expect.poll(() => chartedTransactions(page)).toBe(total);
    await captureScreen(page, 'live-overview-stopped', ['1280']);
  });
});
