// The dashboard flows of the users, algorithms, accounts and investments issue in a real browser
// on the built app: the admin creates a user, the invitation arrives by mail, the user sets a
// password, adds a broker account, reveals its credentials after Verify, adds an investment with
// SA code 01505 and sees the overview totals change. The scenarios run in order on one server.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openAppPage, type AppPage } from './support/browser';
import { RESET_LINK, waitForMailLink } from './support/outbox';
import { captureScreen } from './support/screenshots';
import { ADMIN, ADMIN_2FA_OPTIONAL, startServer, type RunningServer } from './support/server';
import { logIn, openView, toast } from './support/ui';

const CUSTOMER = {
  firstname: 'Giulia',
  lastname: 'Bianchi',
  email: 'giulia.bianchi@example.com',
  password: 'Giulia-Password-1',
} as const;
const BROKER = {
  accountId: 'CC-1001',
  username: 'giulia.broker',
  password: 'broker-secret-9',
  apikey: 'api-key-123',
} as const;
const ALGORITHM = { name: 'E2E Grid', minCapital: '1000' } as const;

let server: RunningServer;
let browser: Browser;
const pages: AppPage[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: ADMIN_2FA_OPTIONAL }), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all(pages.map((app) => app.close()));
  await browser?.close();
  await server?.stop();
});

async function openPage(): Promise<AppPage> {
  const app = await openAppPage(browser, server.baseUrl);
  pages.push(app);
  return app;
}

/** The figure under the overview's TOTALE CAPITALE heading. */
async function totalCapital(page: Page): Promise<string> {
  await openView(page, 'Overview');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'TOTALE CAPITALE', exact: true }) });
  await card.waitFor();
  return (await card.textContent()) ?? '';
}

describe('dashboard flows', () => {
  let admin: AppPage;
  let customer: AppPage;

  it('lets the admin add an algorithm and create a user, who is mailed an invitation', async () => {
    admin = await openPage();
    const { page } = admin;
    await logIn(page, ADMIN.email, ADMIN.password);

    await openView(page, 'Algorithms');
    const algorithms = page.getByRole('region', { name: 'Algorithms' });
    await algorithms.getByRole('row').nth(1).waitFor();
    await captureScreen(page, 'algorithms');
    await page.getByRole('button', { name: 'Add Algorithm' }).click();
    await page.getByRole('heading', { name: 'New Algorithm' }).waitFor();
    expect(await page.getByLabel('Min Capital').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Name and Description are required.').first().waitFor();
    await page.getByText('minCapital must be greater than 0.').waitFor();
    await page.getByLabel('Name').fill(ALGORITHM.name);
    await page.getByLabel('Description').fill('Griglia di prova creata dal test end-to-end.');
    await page.getByLabel('Min Capital').fill(ALGORITHM.minCapital);
    await page.getByText('Advanced').click();
    await page.getByLabel('Market').selectOption('NASDAQ');
    // The parameters follow the chosen market's defaults from the instrument table.
    expect(Number(await page.getByLabel('Mediazione').inputValue())).toBeGreaterThan(0);
    await captureScreen(page, 'algorithm-form');
    await page.getByRole('button', { name: 'Salva' }).click();
    await toast(page, 'Algorithm added successfully!').waitFor();
    await algorithms.getByRole('cell', { name: ALGORITHM.name, exact: true }).waitFor();

    await openView(page, 'Users');
    await page.getByRole('region', { name: 'Users' }).getByText(ADMIN.email).waitFor();
    await page.getByRole('button', { name: 'New User' }).click();
    await page.getByRole('heading', { name: 'New User' }).waitFor();
    await page.getByLabel('Firstname').fill(CUSTOMER.firstname);
    await page.getByLabel('Lastname').fill(CUSTOMER.lastname);
    await page.getByLabel('Username').fill(CUSTOMER.email);
    await page.getByLabel('Role').selectOption({ label: 'User' });
    await page.getByLabel('Accepted EULA').check();
    await captureScreen(page, 'user-form');
    await page.getByRole('button', { name: 'Salva' }).click();
    await toast(page, 'Utente aggiunto con successo!').waitFor();
    await page.getByRole('region', { name: 'Users' }).getByText(CUSTOMER.email).waitFor();
    // The admin's own status is read-only; the new user's is a select.
    await page.getByRole('combobox', { name: `Stato di ${CUSTOMER.email}` }).waitFor();
    expect(await page.getByRole('combobox', { name: `Stato di ${ADMIN.email}` }).count()).toBe(0);
    const status = page.getByRole('combobox', { name: `Stato di ${CUSTOMER.email}` });
    await status.selectOption('blocked');
    await toast(page, 'Stato aggiornato con successo!').waitFor();
    await status.selectOption('approved');
    await expect.poll(() => status.inputValue()).toBe('approved');

    // The seeded demo customer: deletion is a request, shown as such in the list.
    await page.getByRole('button', { name: 'Elimina demo@example.com' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sì', exact: true }).click();
    await toast(page, 'Richiesta di eliminazione inviata correttamente').waitFor();
    await page.getByRole('region', { name: 'Users' }).getByText('Eliminazione richiesta').waitFor();
    await captureScreen(page, 'users');
    expect(admin.pageErrors).toEqual([]);
  });

  it('lets the invited user set a password, add an account and reveal its credentials after Verify', async () => {
    const link = await waitForMailLink(server.outboxDir, RESET_LINK);
    customer = await openPage();
    const { page } = customer;
    await page.goto(link);
    await page.getByLabel('Nuova password', { exact: true }).fill(CUSTOMER.password);
    await page.getByLabel('Conferma password', { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Aggiorna password' }).click();
    await page.getByText('Password aggiornata con successo!').waitFor();
    await page.waitForURL('**/login');
    await logIn(page, CUSTOMER.email, CUSTOMER.password);

    await openView(page, 'Accounts');
    await page.getByRole('region', { name: 'Accounts' }).waitFor();
    await page.getByRole('button', { name: 'New Account' }).click();
    await page.getByRole('heading', { name: 'Aggiungi Account' }).waitFor();
    expect(await page.getByLabel('Broker Name').inputValue()).toBe('Capital.com');
    expect(await page.getByLabel('Owner').count()).toBe(0);
    await page.getByRole('button', { name: 'Aggiungi Account' }).click();
    await page.getByText("L'ID Account è obbligatorio.").waitFor();
    await page.getByText('La password è obbligatoria.').waitFor();
    await page.getByLabel('ID Account').fill(BROKER.accountId);
    await page.getByLabel('Username').fill(BROKER.username);
    await page.getByLabel('Password', { exact: true }).fill(BROKER.password);
    await page.getByLabel('API Key').fill(BROKER.apikey);
    await captureScreen(page, 'account-form-new');
    await page.getByRole('button', { name: 'Aggiungi Account' }).click();
    await toast(page, 'Account aggiunto con successo!').waitFor();
    const accounts = page.getByRole('region', { name: 'Accounts' });
    await accounts.getByRole('cell', { name: BROKER.accountId, exact: true }).waitFor();
    await accounts.getByText('Demo account').waitFor();
    await captureScreen(page, 'accounts');

    await page.getByRole('button', { name: `Modifica account ${BROKER.accountId}` }).click();
    await page.getByRole('heading', { name: 'Edit Account' }).waitFor();
    expect(await page.getByLabel('Username').count()).toBe(0);
    await page.getByLabel('Password di verifica').fill('not-my-password');
    await page.getByRole('button', { name: 'Verify' }).click();
    await toast(page, 'Password di verifica errata').waitFor();
    await captureScreen(page, 'account-form-locked');
    await page.getByLabel('Password di verifica').fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Verify' }).click();
    await toast(page, 'Verifica avvenuta con successo!').waitFor();
    await page.getByLabel('Username').waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe(BROKER.username);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(BROKER.password);
    expect(await page.getByLabel('API Key').inputValue()).toBe(BROKER.apikey);
    await page.getByLabel('Demo Account').uncheck();
    await captureScreen(page, 'account-form-unlocked');
    await page.getByRole('button', { name: 'Aggiorna Account' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText("Sei sicuro di voler modificare l'account?").waitFor();
    await confirm.getByRole('button', { name: 'Sì', exact: true }).click();
    await toast(page, 'Account aggiornato con successo!').waitFor();
    await accounts.getByText('Live account').waitFor();
    expect(customer.pageErrors).toEqual([]);
  });

  it('lets the user add an investment with SA code 01505 and the overview totals follow', async () => {
    const { page } = customer;
    const capitalBefore = await totalCapital(page);

    await openView(page, 'Investments');
    await page
      .getByRole('region', { name: 'Investments' })
      .getByText('Nessun dato disponibile al momento')
      .waitFor();
    await captureScreen(page, 'investments-empty');
    await page.getByRole('button', { name: 'Add Investment' }).click();
    await page.getByRole('heading', { name: 'New Investment' }).waitFor();
    await page.getByLabel('Account').selectOption({ label: `${BROKER.accountId} - ${CUSTOMER.email}` });
    await page.getByLabel('Algorithm').selectOption({ label: ALGORITHM.name });
    await page.getByLabel('Capital').pressSequentially('5a00');
    expect(await page.getByLabel('Capital').inputValue()).toBe('500');
    await page.getByLabel('Leverage (max 20)').pressSequentially('25');
    await toast(page, 'Leva massima consentita è 20').waitFor();
    expect(await page.getByLabel('Leverage (max 20)').inputValue()).toBe('20');
    await page.getByLabel('SA Code').fill('01505');
    await page.getByLabel('Max Contracts').fill('3');
    await page.getByRole('button', { name: 'Aggiungi Investment' }).click();
    await page.getByText(/^Il capitale minimo per questo algoritmo è 1000,00\s€$/).waitFor();
    await captureScreen(page, 'investment-form');
    await page.getByLabel('Capital').fill('');
    await page.getByLabel('Capital').pressSequentially('1500,5');
    expect(await page.getByLabel('Capital').inputValue()).toBe('1500.5');
    await page.getByRole('button', { name: 'Aggiungi Investment' }).click();
    await toast(page, 'Investment aggiunto con successo!').waitFor();

    const investments = page.getByRole('region', { name: 'Investments' });
    const row = investments.getByRole('row').filter({ hasText: BROKER.accountId });
    await row.getByRole('cell', { name: '01505', exact: true }).waitFor();
    await row.getByRole('cell', { name: ALGORITHM.name, exact: true }).waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toMatch(/^1500,50\s€$/);
    await captureScreen(page, 'investments');

    await page.getByRole('button', { name: new RegExp(`^Modifica investment ${BROKER.accountId}`) }).click();
    await page.getByRole('heading', { name: 'Edit Investment' }).waitFor();
    expect(await page.getByLabel('SA Code').inputValue()).toBe('01505');
    await captureScreen(page, 'investment-form-edit');
    await page.getByRole('button', { name: 'Torna alla lista' }).click();
    await investments.waitFor();

    await expect.poll(() => totalCapital(page), { timeout: 10_000 }).not.toBe(capitalBefore);
    expect(await totalCapital(page)).toMatch(/1500,50\s€/);

    // Deleting is a request: the row goes, and so does its capital from the totals.
    await openView(page, 'Investments');
    await page.getByRole('button', { name: new RegExp(`^Elimina investment ${BROKER.accountId}`) }).click();
    await page
      .getByRole('alertdialog')
      .getByText(
        'Sei sicuro di voler eliminare questo investimento? Le posizioni non verranno chiuse automaticamente',
      )
      .waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sì', exact: true }).click();
    await toast(page, 'Richiesta di eliminazione inviata correttamente').waitFor();
    await investments.getByText('Nessun dato disponibile al momento').waitFor();
    expect(await totalCapital(page)).toBe(capitalBefore);

    // With no live investment left on it, the account can go.
    await openView(page, 'Accounts');
    await page.getByRole('button', { name: `Elimina account ${BROKER.accountId}` }).click();
    await page.getByRole('alertdialog').getByText("Sei sicuro di voler eliminare l'account?").waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sì', exact: true }).click();
    await toast(page, 'Account deleted successfully').waitFor();
    await page
      .getByRole('region', { name: 'Accounts' })
      .getByText('Nessun dato disponibile al momento')
      .waitFor();
    expect(customer.pageErrors).toEqual([]);
  });
});
