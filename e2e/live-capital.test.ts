// A live Capital.com account in the real app (issue 32), against the loopback fake of Capital.com
// (CAPITAL_API_URL and CAPITAL_STREAM_URL point the server at it): a customer's investment on it
// runs a bot under pm2 that opens its cycle at the broker with the stop and take profit held
// there and its next level resting as a working order. Capital.com then closes the market: the
// bot pauses, and the Investments list says «In pausa» with Capital.com's reason, without a
// reload; the market reopens and the bot trades on by itself, «Attivo» again.
import type { Investment } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { afterAll, describe, expect, it } from 'vitest';
import { CapitalFake } from '../apps/server/test/support/capital/capital-fake';
import { ACCOUNT, MARKETS } from '../apps/server/test/support/capital/capital-test-fixtures';
import { api, apiLogin, createInvitedUser } from './support/api';
import { captureScreen } from './support/screenshots';
import { ADMIN } from './support/server';
import { useServerAndBrowser } from './support/suite';
import { logIn, openView } from './support/ui';

const CUSTOMER = {
  firstname: 'Luca',
  lastname: 'Bianchi',
  email: 'luca.bianchi@example.com',
  password: 'Luca-Password-1',
} as const;

const fake = await CapitalFake.start({ accounts: [ACCOUNT], markets: MARKETS, loginIntervalMs: 100 });
const e2e = useServerAndBrowser({
  env: { CAPITAL_API_URL: fake.apiUrl, CAPITAL_STREAM_URL: fake.streamUrl, DEMO_DATA: '0' },
});
afterAll(() => fake.close());

/** The investment of the customer on the live account, as the list answers it. */
async function liveInvestment(jwt: string): Promise<Investment> {
  const rows = await api(e2e.server, API.investments.list, { jwt });
  const found = rows.data?.find((row) => row.account.accountId === 'LIVE-CAP-1');
  if (!found) throw new Error(`no investment on the live account: ${rows.error}`);
  return found;
}

describe('a live Capital.com account', () => {
  it('trades at the broker, pauses with the reason when Capital.com closes the market, and trades on when it reopens', async () => {
    await createInvitedUser(e2e.server, CUSTOMER);
    const adminJwt = await apiLogin(e2e.server, ADMIN.email, ADMIN.password);
    const jwt = await apiLogin(e2e.server, CUSTOMER.email, CUSTOMER.password);
    const algorithm = await api(e2e.server, API.algorithms.add, {
      jwt: adminJwt,
      body: { name: 'Grid Gold Live', description: 'Griglia su GOLD', minCapital: 1000, market: 'GOLD' },
    });
    const account = await api(e2e.server, API.accounts.add, {
      jwt,
      body: {
        accountId: 'LIVE-CAP-1',
        isDemo: false,
        username: ACCOUNT.identifier,
        password: ACCOUNT.password,
        apikey: ACCOUNT.apiKey,
      },
    });
    const added = await api(e2e.server, API.investments.add, {
      jwt,
      body: {
        accountId: account.data?._id ?? '',
        algorithmId: algorithm.data?._id ?? '',
        capital: 10_000,
        parameters: { leverage: 20, size: 0.5, additional: 0.5, maxcontracts: 10 },
      },
    });
    expect(added.data?.isRunning).toBe(1);

    const page = await e2e.openPage();
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    await openView(page, 'Investments');
    const row = page
      .getByRole('region', { name: 'Investments' })
      .getByRole('row')
      .filter({ hasText: 'LIVE-CAP-1' });
    await row.getByText('Attivo', { exact: true }).waitFor();

    // Capital.com keeps stops 45.0 from the price here: the cycle's, 40.0 under its start, is
    // moved to the nearest level it takes, and the admin reads that in Logs.
    fake.setMarket('GOLD', { minStopDistance: { unit: 'POINTS', value: 45 } });

    // Its bot takes its account's quotes: the first one opens a cycle at Capital.com.
    await expect.poll(() => fake.stream.subscriptions, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect
      .poll(
        () => {
          fake.pushQuote('GOLD', 2000, 2000.3);
          return fake.workingOrdersOf(ACCOUNT.apiKey).length;
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([
      expect.objectContaining({ size: 50, level: 2000.3, stopLevel: 1955 }),
    ]);
    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toEqual([
      expect.objectContaining({ size: 50, level: 1997.3 }),
    ]);

    // Capital.com closes GOLD; the fall that would fill the level meets a closed market.
    fake.setMarket('GOLD', { marketStatus: 'CLOSED' });
    fake.pushQuote('GOLD', 1996.9, 1997.2);
    await expect
      .poll(async () => (await liveInvestment(jwt)).statusMessage, { timeout: 20_000 })
      .toMatch(/^Mercato GOLD chiuso su Capital\.com \(CLOSED\): il bot riprende da solo alla riapertura/);
    const reason = (await liveInvestment(jwt)).statusMessage ?? '';
    expect((await liveInvestment(jwt)).isRunning).toBe(1);
    await row.getByText('In pausa', { exact: true }).waitFor({ timeout: 15_000 });
    await row.getByText(reason, { exact: true }).waitFor();
    await captureScreen(page, 'live-capital-paused');

    // It reopens: the next quotes find it open, the bot trades on by itself.
    fake.setMarket('GOLD', { marketStatus: 'TRADEABLE' });
    await expect
      .poll(
        async () => {
          fake.pushQuote('GOLD', 1996.8, 1997.1);
          return (await liveInvestment(jwt)).statusMessage;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeNull();
    await row.getByText('Attivo', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await row.getByText('In pausa', { exact: true }).count()).toBe(0);
    // The level filled at the broker once the market reopened; the next one rests there.
    await expect.poll(() => fake.positionsOf(ACCOUNT.apiKey).length, { timeout: 15_000 }).toBe(2);
    await expect
      .poll(() => fake.workingOrdersOf(ACCOUNT.apiKey).map((order) => order.level), { timeout: 15_000 })
      .toEqual([1994.3]);

    // The stop Capital.com would not hold where asked, in the admin's Logs.
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await logIn(page, ADMIN.email, ADMIN.password);
    await openView(page, 'Logs');
    await page
      .getByRole('region', { name: 'Logs' })
      .getByText('Stop 1960 rifiutato dal broker perché troppo vicino al prezzo: tenuto a 1955.')
      .waitFor();
    await captureScreen(page, 'live-capital-logs');
  });
});
