// Client Processes (issue 12) in a real browser on the built app with the demo data on and the
// replay feed fast, so the demo customer's bot trades and logs: an admin sees that bot, named by
// its account id and username, and the two core services; reads its real-time logs as they come;
// stops it (confirmation, toast, Offline, the investment stopped) and restarts it. At a phone's
// width the table fits without scrolling sideways. Killed with SIGKILL, the bot is started again
// by pm2: the view shows the restart and the new uptime, and the bot goes on trading. A user who
// opens monitoring sees the maintenance notice, and no socket is ever opened for them.
import type { Investment } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin, createInvitedUser } from './support/api';
import { VIEWPORTS } from './support/browser';
import { captureScreen } from './support/screenshots';
import { ADMIN, ADMIN_2FA_OPTIONAL } from './support/server';
import { useServerAndBrowser } from './support/suite';
import { logIn, openView, toast } from './support/ui';

const DEMO_BOT = 'DEMO-0001 demo@example.com';
const USER = {
  firstname: 'Lucia',
  lastname: 'Verdi',
  email: 'lucia.verdi@example.com',
  password: 'Lucia-Password-1',
} as const;
/** The list is asked for every 5 s; a command's effect shows at the latest with the next one. */
const LIST_TIMEOUT_MS = 20_000;
/** Cycles close every second or two at the feed's speed. */
const TRADE_TIMEOUT_MS = 30_000;
const COLUMNS = ['ID', 'Name', 'Version', 'Status', 'Restarts', 'Uptime', 'Watch', 'Actions'] as const;

// Bots log their cycles at info: the logs dialog needs lines to show.
const e2e = useServerAndBrowser({
  env: { ...ADMIN_2FA_OPTIONAL, FEED_SPEED: '10000', DEMO_DATA: '1', LOG_LEVEL: 'info' },
});

let adminJwt: string | undefined;

async function demoInvestment(): Promise<Investment> {
  const jwt = (adminJwt ??= await apiLogin(e2e.server, ADMIN.email, ADMIN.password));
  const answer = await api(e2e.server, API.investments.list, { jwt });
  const found = answer.data?.find((row) => row.account.accountId === 'DEMO-0001');
  if (!found) throw new Error(`No demo investment: ${answer.error}`);
  return found;
}

/** The demo investment's transactions closed after `since` (epoch ms). */
async function demoTransactionsSince(investmentId: string, since: number): Promise<number> {
  const jwt = (adminJwt ??= await apiLogin(e2e.server, ADMIN.email, ADMIN.password));
  const answer = await api(e2e.server, API.transactions.list, { jwt });
  return (answer.data ?? []).filter(
    (row) => row.investmentId === investmentId && Date.parse(row.closedAt) > since,
  ).length;
}

/** The bot's OS process, from the pid file pm2 keeps in its home (DATA_DIR/pm2) as <name>-<pm_id>.pid. */
async function botPid(processName: string, pmId: string): Promise<number> {
  const file = join(e2e.server.dataDir, 'pm2', 'pids', `${processName}-${pmId}.pid`);
  return Number((await readFile(file, 'utf8')).trim());
}

/** The URLs of the WebSockets the page opens, from now on. */
function recordSockets(page: Page): string[] {
  const urls: string[] = [];
  page.on('websocket', (socket) => urls.push(socket.url()));
  return urls;
}

const processesTable = (page: Page) => page.getByRole('region', { name: 'Client Processes' });
const demoRow = (page: Page) => processesTable(page).getByRole('row').filter({ hasText: DEMO_BOT });
/** A cell of the demo bot's row, at the desktop width where every column shows. */
const demoCell = (page: Page, column: (typeof COLUMNS)[number]) =>
  demoRow(page).getByRole('cell').nth(COLUMNS.indexOf(column));
const cellText = async (page: Page, column: (typeof COLUMNS)[number]) =>
  (await demoCell(page, column).textContent())?.trim() ?? '';

/** At a phone's width the table leaves out its secondary columns and fits: no sideways scroll. */
async function expectFitsPhoneWidth(page: Page): Promise<void> {
  await page.setViewportSize(VIEWPORTS.mobile);
  const table = processesTable(page);
  await table.getByRole('columnheader', { name: 'Uptime', exact: true }).waitFor({ state: 'detached' });
  expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Name', 'Status', 'Actions']);
  const overflow = await table.locator('.data-table__scroll').evaluate((area) => ({
    table: area.scrollWidth - area.clientWidth,
    page: document.documentElement.scrollWidth - window.innerWidth,
  }));
  expect(overflow).toEqual({ table: 0, page: 0 });
  await page.setViewportSize(VIEWPORTS.desktop);
}

async function confirmCommand(page: Page, command: 'STOP' | 'RESTART'): Promise<void> {
  await demoRow(page)
    .getByRole('button', { name: `${command === 'STOP' ? 'Stop' : 'Restart'} ${DEMO_BOT}` })
    .click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText(`Sei sicuro di voler inviare il comando ${command} a ${DEMO_BOT}?`).waitFor();
  await confirm.getByRole('button', { name: 'Sì', exact: true }).click();
  await toast(page, `Invio comando ${command} per ${DEMO_BOT}...`).waitFor();
}

/** The investments view's state of the demo investment. */
async function investmentState(page: Page, label: 'Fermo' | 'Attivo'): Promise<void> {
  await openView(page, 'Investments');
  const row = page
    .getByRole('region', { name: 'Investments' })
    .getByRole('row')
    .filter({ hasText: 'DEMO-0001' });
  await row.getByText(label, { exact: true }).waitFor({ timeout: LIST_TIMEOUT_MS });
}

describe('monitoring', () => {
  it('shows the bots and core services live, their logs, and stops and restarts a bot', async () => {
    const page = await e2e.openPage();
    const sockets = recordSockets(page);
    await logIn(page, ADMIN.email, ADMIN.password);
    // The socket is the dashboard's, open before the view is.
    await expect.poll(() => sockets.some((url) => url.includes('/socket.io/'))).toBe(true);

    await openView(page, 'Monitoring');
    const table = processesTable(page);
    await demoRow(page)
      .getByText(/^Online/)
      .waitFor({ timeout: LIST_TIMEOUT_MS });
    for (const name of COLUMNS) await table.getByRole('columnheader', { name, exact: true }).waitFor();
    await table.getByRole('button', { name: /^Monitoring: Online/ }).waitFor();
    await table.getByRole('button', { name: /^Daemon: Online/ }).waitFor();
    // Core services are icons, not rows.
    expect(await table.getByRole('row').filter({ hasText: 'Daemon' }).count()).toBe(0);
    await captureScreen(page, 'monitoring');
    await expectFitsPhoneWidth(page);

    // A core service's details.
    await table.getByRole('button', { name: /^Daemon: / }).click();
    const details = page.getByRole('dialog', { name: 'Daemon' });
    for (const term of ['Status', 'Process ID', 'Version', 'Uptime', 'Restarts', 'Watch Mode']) {
      await details.getByText(term, { exact: true }).waitFor();
    }
    for (const button of ['Stop Service', 'Restart Service', 'Reset Service']) {
      await details.getByRole('button', { name: button, exact: true }).waitFor();
    }
    await captureScreen(page, 'monitoring-daemon', ['1280']);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // The bot's logs arrive while the dialog is open: 'name TYPE: message'.
    const demo = await demoInvestment();
    await demoRow(page).getByRole('button', { name: DEMO_BOT, exact: true }).click();
    const logs = page.getByRole('dialog', { name: 'Real-time Logs' });
    const lines = logs.getByRole('log').getByText(new RegExp(`^${demo._id} (OUT|ERR): `));
    await expect.poll(() => lines.count(), { timeout: LIST_TIMEOUT_MS }).toBeGreaterThan(0);
    const seen = await lines.count();
    await expect.poll(() => lines.count(), { timeout: LIST_TIMEOUT_MS }).toBeGreaterThan(seen);
    expect(await logs.getByRole('log').evaluate((area) => area.getBoundingClientRect().height)).toBe(400);
    await captureScreen(page, 'monitoring-logs');
    await logs.getByRole('button', { name: 'Chiudi' }).click();
    await logs.waitFor({ state: 'detached' });

    await confirmCommand(page, 'STOP');
    await expect
      .poll(
        async () =>
          (await demoRow(page).count()) === 0 ||
          (await demoRow(page).getByText('Offline', { exact: true }).count()) > 0,
        { timeout: LIST_TIMEOUT_MS },
      )
      .toBe(true);
    await captureScreen(page, 'monitoring-stopped', ['1280']);
    expect((await demoInvestment()).isRunning).toBe(0);
    await investmentState(page, 'Fermo');

    await openView(page, 'Monitoring');
    await confirmCommand(page, 'RESTART');
    await demoRow(page)
      .getByText(/^Online/)
      .waitFor({ timeout: LIST_TIMEOUT_MS });
    await investmentState(page, 'Attivo');
    expect((await demoInvestment()).isRunning).toBe(1);
  });

  it('shows pm2 restarting a bot killed with SIGKILL, which goes on trading', async () => {
    const page = await e2e.openPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    await openView(page, 'Monitoring');
    await demoRow(page)
      .getByText(/^Online/)
      .waitFor({ timeout: LIST_TIMEOUT_MS });
    const demo = await demoInvestment();
    const restarts = Number(await cellText(page, 'Restarts'));

    const killedAt = Date.now();
    process.kill(await botPid(demo._id, await cellText(page, 'ID')), 'SIGKILL');
    // pm2 starts it again after its back-off (1 s); the view's next list shows the count up.
    await demoCell(page, 'Restarts')
      .getByText(String(restarts + 1), { exact: true })
      .waitFor({ timeout: LIST_TIMEOUT_MS });
    await demoRow(page)
      .getByText(`Online (${restarts + 1} restarts)`, { exact: true })
      .waitFor();
    // The uptime is the new process's: seconds, no more than have passed since the kill.
    const uptime = /^(\d+)s$/.exec(await cellText(page, 'Uptime'));
    expect(Number(uptime?.[1])).toBeLessThanOrEqual((Date.now() - killedAt) / 1000);
    await captureScreen(page, 'monitoring-restarted');
    // The longest status label fits a phone too.
    await expectFitsPhoneWidth(page);

    // The restarted bot trades on: it picks up its positions and closes cycles again.
    await expect
      .poll(() => demoTransactionsSince(demo._id, killedAt), { timeout: TRADE_TIMEOUT_MS })
      .toBeGreaterThan(0);
  });

  it('looks the same in the dark theme', async () => {
    const page = await e2e.openPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('switch', { name: 'Tema scuro' }).click();
    await openView(page, 'Monitoring');
    await demoRow(page)
      .getByText(/^Online/)
      .waitFor({ timeout: LIST_TIMEOUT_MS });
    await captureScreen(page, 'monitoring-dark');
    await demoRow(page).getByRole('button', { name: DEMO_BOT, exact: true }).click();
    await page.getByRole('dialog', { name: 'Real-time Logs' }).getByRole('log').waitFor();
    await captureScreen(page, 'monitoring-logs-dark', ['1280']);
  });

  it('shows a user the maintenance notice and opens no socket for them', async () => {
    await createInvitedUser(e2e.server, USER);
    const page = await e2e.openPage();
    const sockets = recordSockets(page);
    const socketRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/socket.io/')) socketRequests.push(request.url());
    });
    await logIn(page, USER.email, USER.password);
    await openView(page, 'Monitoring');
    await page.getByText('Sezione Dashboard - Under maintenance').waitFor();
    expect(await page.getByRole('region', { name: 'Client Processes' }).count()).toBe(0);
    // Longer than a poll: an admin's page would have opened its socket and asked twice by now.
    await page.waitForTimeout(6_000);
    expect(sockets).toEqual([]);
    expect(socketRequests).toEqual([]);
    await captureScreen(page, 'monitoring-user', ['1280']);
  });
});
