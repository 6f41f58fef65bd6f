// Alerts in the real app (issue 36, point 4), against the loopback fake of Capital.com: a
// customer's live account saved with a wrong password makes its bot stop with an error (state 2);
// the top bar's bell then counts one unread alert, its list shows it with the e-mail sent (the
// outbox), and 'Segna tutti come letti' clears the count. From the investment's row the customer
// opens its alert settings: a drawdown limit and a drift from the backtest out of range and a
// webhook aimed at loopback are refused with their messages, good limits are saved (the drift's
// typed with a decimal comma).
import { ALERT_MESSAGES, INVESTMENT_FAILED } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CapitalFake } from '../apps/server/test/support/capital/capital-fake';
import { ACCOUNT, MARKETS } from '../apps/server/test/support/capital/capital-test-fixtures';
import { api, apiLogin, createInvitedUser } from './support/api';
import { captureScreen } from './support/screenshots';
import { ADMIN } from './support/server';
import { useServerAndBrowser } from './support/suite';
import { logIn, openView, toast } from './support/ui';

const CUSTOMER = {
  firstname: 'Giulia',
  lastname: 'Verdi',
  email: 'giulia.verdi@example.com',
  password: 'Giulia-Password-1',
} as const;

const fake = await CapitalFake.start({ accounts: [ACCOUNT], markets: MARKETS, loginIntervalMs: 100 });
const e2e = useServerAndBrowser({
  env: { CAPITAL_API_URL: fake.apiUrl, CAPITAL_STREAM_URL: fake.streamUrl, DEMO_DATA: '0' },
});
afterAll(() => fake.close());

describe('alerts', () => {
  it('counts the alert of a bot stopped by wrong credentials, lists it, and keeps the settings of its investment', async () => {
    await createInvitedUser(e2e.server, CUSTOMER);
    const adminJwt = await apiLogin(e2e.server, ADMIN.email, ADMIN.password);
    const jwt = await apiLogin(e2e.server, CUSTOMER.email, CUSTOMER.password);
    const algorithm = await api(e2e.server, API.algorithms.add, {
      jwt: adminJwt,
      body: { name: 'Grid Gold Avvisi', description: 'Griglia su GOLD', minCapital: 1000, market: 'GOLD' },
    });
    const account = await api(e2e.server, API.accounts.add, {
      jwt,
      body: {
        accountId: 'LIVE-WRONG-1',
        isDemo: false,
        username: ACCOUNT.identifier,
        password: 'not-the-password',
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
    await expect
      .poll(async () => (await api(e2e.server, API.investments.list, { jwt })).data?.[0]?.isRunning, {
        timeout: 30_000,
      })
      .toBe(INVESTMENT_FAILED);

    const page = await e2e.openPage();
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    const bell = page.getByRole('button', { name: 'Avvisi: 1 da leggere' });
    await bell.waitFor();
    await captureScreen(page, 'alerts-bell');

    await bell.click();
    const list = page.getByRole('dialog', { name: ALERT_MESSAGES.listTitle });
    await list.getByText('Bot fermato per errore').waitFor();
    await list.getByText(/si è fermato per un errore: Credenziali Capital\.com non valide/).waitFor();
    // The e-mail went out through the mailer: the outbox in development.
    await list.getByText('E-mail: inviato').waitFor({ timeout: 15_000 });
    const mails = await Promise.all(
      (await readdir(e2e.server.outboxDir)).map((file) => readFile(join(e2e.server.outboxDir, file), 'utf8')),
    );
    // Beside the invitation: one alert, to the customer.
    const alertMails = mails.filter((mail) => mail.includes('Subject: Avviso: Bot fermato per errore'));
    expect(alertMails).toHaveLength(1);
    expect(alertMails[0]).toContain(`To: ${CUSTOMER.email}`);
    await captureScreen(page, 'alerts-list');
    await list.getByRole('button', { name: ALERT_MESSAGES.markAllRead }).click();
    await page.getByRole('button', { name: 'Avvisi: nessuno da leggere' }).waitFor();
    await list.getByRole('button', { name: 'Chiudi' }).click();
    await list.waitFor({ state: 'hidden' });

    await openView(page, 'Investments');
    const row = page
      .getByRole('region', { name: 'Investments' })
      .getByRole('row')
      .filter({ hasText: 'LIVE-WRONG-1' });
    await row.getByRole('button', { name: /^Avvisi investment LIVE-WRONG-1/ }).click();
    const settings = page.getByRole('dialog', { name: ALERT_MESSAGES.settingsTitle });
    const stopsWithError = settings.getByLabel('Il bot si ferma per un errore');
    await stopsWithError.waitFor();
    expect(await stopsWithError.isChecked()).toBe(true);
    expect(await settings.getByLabel('E-mail al titolare dell’investimento').isChecked()).toBe(true);
    const pausedTooLong = settings.getByLabel('Il bot resta in pausa oltre il previsto');
    expect(await pausedTooLong.isChecked()).toBe(true);

    // A limit over 100 % and a drift of 0: refused by the form with the server's messages.
    const limit = settings.getByLabel('Limite di drawdown (%)');
    const drift = settings.getByLabel('Scostamento dal backtest (% del capitale)');
    expect(await drift.inputValue()).toBe('');
    await limit.fill('150');
    await drift.fill('0');
    await settings.getByRole('button', { name: 'Salva avvisi' }).click();
    await settings.getByText(ALERT_MESSAGES.drawdownRange).waitFor();
    await settings.getByText(ALERT_MESSAGES.driftRange).waitFor();
    await drift.fill('2,5');
    // A webhook on loopback: refused by the server, its message in a toast.
    await limit.fill('20');
    await settings.getByLabel('Webhook (HTTPS)').fill('https://127.0.0.1/hook');
    await settings.getByRole('button', { name: 'Salva avvisi' }).click();
    await toast(page, ALERT_MESSAGES.webhookBlocked).waitFor();
    await captureScreen(page, 'alerts-settings');

    await settings.getByLabel('Webhook (HTTPS)').fill('');
    await settings.getByLabel('Ferma il bot al limite (le posizioni aperte restano aperte)').check();
    await pausedTooLong.uncheck();
    await settings.getByRole('button', { name: 'Salva avvisi' }).click();
    await toast(page, ALERT_MESSAGES.saved).waitFor();
    await settings.waitFor({ state: 'hidden' });
    const saved = await api(e2e.server, API.alerts.settings, { params: { id: added.data?._id ?? '' }, jwt });
    expect(saved.data).toMatchObject({
      drawdownLimitPct: 20,
      drawdownStop: true,
      onMarketPaused: false,
      driftLimitPct: 2.5,
    });
  });
});
