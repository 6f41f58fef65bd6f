// Issue 32's lifecycle in a real browser on the built app with the demo data on: an admin stops
// the demo customer's bot from Client Processes, the server restarts, and the bot is still listed
// there, stopped, without a pm2 number; the Investments list shows it stopped and starts it again
// behind a confirmation (toast, 'Attivo', Online again). A running investment whose bot waits
// (its reason written in the database while the server was down, as a bot writes it) shows 'In
// pausa' with the reason in Investments and under its status in Client Processes. The Daemon's
// modal offers Stop Service, Restart Service and Reset Service: its Stop leaves it and the bots
// offline while their investments still run, its Restart brings them back.
import type { DataOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { openDatabase } from '@platform/db';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin, withJwt, type ApiArguments, type EnvelopeEndpoint } from './support/api';
import { captureScreen } from './support/screenshots';
import { ADMIN, ADMIN_2FA_OPTIONAL, type RunningServer } from './support/server';
import { useServerAndBrowser } from './support/suite';
import { logIn, openView, toast } from './support/ui';

const DEMO_BOT = 'DEMO-0001 demo@example.com';
const PAUSED_ACCOUNT = 'PAUSA-0001';
const PAUSED_BOT = `${PAUSED_ACCOUNT} demo@example.com`;
const PAUSE_REASON = 'Mercato NASDAQ chiuso su Capital.com: il bot riprende da solo alla riapertura';
/** The list is asked for every 5 s; a change shows at the latest with the next one. */
const LIST_TIMEOUT_MS = 20_000;

const e2e = useServerAndBrowser({ env: { ...ADMIN_2FA_OPTIONAL, FEED_SPEED: '1000', DEMO_DATA: '1' } });

let adminJwt: string | undefined;

async function adminApi<E extends EnvelopeEndpoint>(
  endpoint: E,
  ...args: ApiArguments<E>
): Promise<DataOf<E>> {
  // The session outlives a restart: the server keeps its secrets in DATA_DIR.
  const jwt = (adminJwt ??= await apiLogin(e2e.server, ADMIN.email, ADMIN.password));
  const answer = await api(e2e.server, endpoint, ...withJwt<E>(jwt, ...args));
  if (!answer.data) throw new Error(`${endpoint.method} ${endpoint.path} failed: ${answer.error}`);
  return answer.data;
}

const investmentOn = async (accountId: string) =>
  (await adminApi(API.investments.list)).find((row) => row.account.accountId === accountId);

/** A second investment of the demo customer, on an account of its own and NASDAQ. */
async function addSecondInvestment(): Promise<string> {
  const owner = (await adminApi(API.users.list)).find((user) => user.username === 'demo@example.com');
  const account = await adminApi(API.accounts.add, {
    body: {
      accountId: PAUSED_ACCOUNT,
      isDemo: true,
      username: 'pausa',
      password: 'pausa-secret-1',
      owner: owner?._id,
    },
  });
  const algorithm = (await adminApi(API.algorithms.list)).find((row) => row.name === 'Grid Nasdaq');
  const investment = await adminApi(API.investments.add, {
    body: {
      accountId: account._id,
      algorithmId: algorithm?._id ?? '',
      capital: 10_000,
      parameters: { leverage: 20, size: 1, additional: 0.5, maxcontracts: 10 },
    },
  });
  return investment._id;
}

/** Writes the reason a waiting bot writes on its running investment, into the stopped server's database. */
async function writePause(server: RunningServer, investmentId: string): Promise<void> {
  const database = await openDatabase(server.database);
  try {
    await database.db.execute(
      sql`update investments set status_message = ${PAUSE_REASON} where id = ${investmentId} and is_running = 1`,
    );
  } finally {
    await database.close();
  }
}

const processesTable = (page: Page) => page.getByRole('region', { name: 'Client Processes' });
const processRow = (page: Page, name: string) =>
  processesTable(page).getByRole('row').filter({ hasText: name });
const investmentRow = (page: Page, accountId: string) =>
  page.getByRole('region', { name: 'Investments' }).getByRole('row').filter({ hasText: accountId });

async function confirm(page: Page, question: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(question, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Sì', exact: true }).click();
}

async function daemonCommand(page: Page, button: 'Stop Service' | 'Restart Service'): Promise<void> {
  await processesTable(page)
    .getByRole('button', { name: /^Daemon: / })
    .click();
  const details = page.getByRole('dialog', { name: 'Daemon' });
  for (const name of ['Stop Service', 'Restart Service', 'Reset Service'])
    await details.getByRole('button', { name, exact: true }).waitFor();
  await details.getByRole('button', { name: button, exact: true }).click();
  const command = button === 'Stop Service' ? 'STOP' : 'RESTART';
  await confirm(page, `Sei sicuro di voler inviare il comando ${command} a Daemon?`);
  await toast(page, `Invio comando ${command} per Daemon...`).waitFor();
  await page.keyboard.press('Escape');
  await details.waitFor({ state: 'detached' });
}

describe('bot lifecycle', () => {
  it('keeps a bot stopped from Client Processes stopped across a restart, starts it from Investments, and shows a paused one', async () => {
    const pausedId = await addSecondInvestment();
    let page = await e2e.openPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    await openView(page, 'Monitoring');
    await processRow(page, DEMO_BOT)
      .getByText(/^Online/)
      .waitFor({ timeout: LIST_TIMEOUT_MS });
    await processRow(page, DEMO_BOT)
      .getByRole('button', { name: `Stop ${DEMO_BOT}` })
      .click();
    await confirm(page, `Sei sicuro di voler inviare il comando STOP a ${DEMO_BOT}?`);
    await processRow(page, DEMO_BOT)
      .getByText('Offline', { exact: true })
      .waitFor({ timeout: LIST_TIMEOUT_MS });
    expect((await investmentOn('DEMO-0001'))?.isRunning).toBe(0);

    // The server stops and starts again; meanwhile the second investment's bot is found waiting.
    await e2e.server.restart(() => writePause(e2e.server, pausedId));
    page = await e2e.openPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    await openView(page, 'Monitoring');
    const demo = processRow(page, DEMO_BOT);
    await demo.getByText('Offline', { exact: true }).waitFor({ timeout: LIST_TIMEOUT_MS });
    // No pm2 process, so no pm2 number.
    expect((await demo.getByRole('cell').first().textContent())?.trim()).toBe('-');
    const paused = processRow(page, PAUSED_BOT);
    await paused.getByText(/^Online/).waitFor({ timeout: LIST_TIMEOUT_MS });
    await paused.getByText(PAUSE_REASON, { exact: true }).waitFor();
    await captureScreen(page, 'lifecycle-processes', ['1280']);

    await openView(page, 'Investments');
    const demoInvestment = investmentRow(page, 'DEMO-0001');
    await demoInvestment.getByText('Fermo', { exact: true }).waitFor();
    const pausedInvestment = investmentRow(page, PAUSED_ACCOUNT);
    await pausedInvestment.getByText('In pausa', { exact: true }).waitFor();
    await pausedInvestment.getByText(PAUSE_REASON, { exact: true }).waitFor();
    // Amber: the table's colour for 'pending'.
    expect(await pausedInvestment.locator('.data-table__cell--waiting').count()).toBe(1);
    await pausedInvestment.getByRole('button', { name: /^Ferma bot investment/ }).waitFor();
    await captureScreen(page, 'lifecycle-investments');

    await demoInvestment.getByRole('button', { name: /^Avvia bot investment DEMO-0001/ }).click();
    await confirm(page, 'Avviare il bot di questo investimento?');
    await toast(page, 'Bot avviato con successo!').waitFor();
    await demoInvestment.getByText('Attivo', { exact: true }).waitFor();
    await demoInvestment.getByRole('button', { name: /^Ferma bot investment DEMO-0001/ }).waitFor();
    expect((await investmentOn('DEMO-0001'))?.isRunning).toBe(1);
    await openView(page, 'Monitoring');
    await processRow(page, DEMO_BOT)
      .getByText(/^Online/)
      .waitFor({ timeout: LIST_TIMEOUT_MS });
  });

  it("stops every bot with the Daemon's Stop Service and brings them back with its Restart Service", async () => {
    const page = await e2e.openPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    await openView(page, 'Monitoring');
    const table = processesTable(page);
    await processRow(page, DEMO_BOT)
      .getByText(/^Online/)
      .waitFor({ timeout: LIST_TIMEOUT_MS });

    await daemonCommand(page, 'Stop Service');
    await table.getByRole('button', { name: 'Daemon: Offline' }).waitFor({ timeout: LIST_TIMEOUT_MS });
    await processRow(page, DEMO_BOT)
      .getByText('Offline', { exact: true })
      .waitFor({ timeout: LIST_TIMEOUT_MS });
    await processRow(page, PAUSED_BOT)
      .getByText('Offline', { exact: true })
      .waitFor({ timeout: LIST_TIMEOUT_MS });
    await captureScreen(page, 'lifecycle-daemon-stopped', ['1280']);
    // Their investments still run: the Daemon's Restart, or the server's, brings the bots back.
    expect((await investmentOn('DEMO-0001'))?.isRunning).toBe(1);

    await daemonCommand(page, 'Restart Service');
    await table.getByRole('button', { name: /^Daemon: Online/ }).waitFor({ timeout: LIST_TIMEOUT_MS });
    await processRow(page, DEMO_BOT)
      .getByText(/^Online/)
      .waitFor({ timeout: LIST_TIMEOUT_MS });
    await processRow(page, PAUSED_BOT)
      .getByText(/^Online/)
      .waitFor({ timeout: LIST_TIMEOUT_MS });
  });
});
