// Backtests, analyses and the historical-data upload in a real browser on the built app: the
// admin uploads a real MetaTrader CSV through the 'Upload Dati 1m' dialog and the forms then tell
// the new span, and an investing.com download in Italian through 'Upload Dati 1d'; a user runs a
// single and a range backtest and an analysis on the seeded demo bars, waits for them through the
// lists' polling, opens the results and moves the risk slider, finds a run that left the engine's
// exact range marked, opens the analysis details, and deletes what is no longer needed. The
// scenarios run in order on one server.
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { METATRADER_EURUSD_2020_06, readRealFile } from '../fixtures/real-bars/real-bars';
import { createInvitedUser } from './support/api';
import { captureScreen } from './support/screenshots';
import { ADMIN } from './support/server';
import { useServerAndBrowser } from './support/suite';
import { logIn, openView, toast } from './support/ui';

const CSV_FILE = {
  name: 'DAT_MT_EURUSD_M1_202006.csv',
  mimeType: 'text/csv',
  buffer: readRealFile(METATRADER_EURUSD_2020_06),
};
const CUSTOMER = {
  firstname: 'Lucia',
  lastname: 'Verdi',
  email: 'lucia.verdi@example.com',
  password: 'Lucia-Password-1',
} as const;
/** A week of the seeded synthetic bars (2023-07-03..2025-07-02): enough to trade, quick to run. */
const PERIOD = { from: '2025-06-23', to: '2025-06-27', label: '23/06/2025 – 27/06/2025' } as const;
/** Jobs run in the server's worker threads; a range sweeps 1,323 grid points. */
const JOB_TIMEOUT_MS = 90_000;

const e2e = useServerAndBrowser();

beforeAll(() => createInvitedUser(e2e.server, CUSTOMER));

describe('backtests, analyses and uploads', () => {
  it('lets the admin upload a MetaTrader CSV of 1m bars for an algorithm’s market', async () => {
    const page = await e2e.openPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    await openView(page, 'Settings');
    await page.getByRole('button', { name: /Upload Dati 1m/ }).click();

    const dialog = page.getByRole('dialog', { name: 'Upload Dati 1 Minuto' });
    await dialog.waitFor();
    await dialog.getByText('Timeframe: 1m').waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await dialog.getByRole('button', { name: 'Carica File 1M' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Seleziona un file e un algoritmo' }).waitFor();

    const fileInput = dialog.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'prezzi.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a csv'),
    });
    await dialog.getByRole('alert').filter({ hasText: 'Per favore seleziona un file CSV' }).waitFor();
    await fileInput.setInputFiles(CSV_FILE);
    await dialog.getByRole('button', { name: 'Rimuovi DAT_MT_EURUSD_M1_202006.csv' }).waitFor();
    await dialog.getByLabel('Algoritmo').selectOption({ label: 'Grid EurUsd (EURUSD)' });
    await dialog.getByText('I dati vengono salvati per il mercato dell’algoritmo: EURUSD.').waitFor();
    await captureScreen(page, 'upload-dialog');

    await dialog.getByRole('button', { name: 'Carica File 1M' }).click();
    const outcome = dialog.getByRole('status').filter({ hasText: 'File caricato con successo!' });
    await outcome.waitFor({ timeout: 30_000 });
    await toast(
      page,
      "File caricato con successo! Il file è stato inviato al server per l'elaborazione.",
    ).waitFor();
    expect(await dialog.locator('progress').getAttribute('value')).toBe('100');
    const figures = (await outcome.textContent()) ?? '';
    expect(figures).toContain('EURUSD · 1m');
    expect(figures).toMatch(/Righe importate6\.?771/);
    await page.screenshot({ path: resolve(import.meta.dirname, 'screenshots/upload-success-1280.png') });
    // The dialog closes by itself 2 s after the success, and the page scrolls again.
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    // The stored span now starts with the uploaded week; the forms say so.
    await openView(page, 'Analysis');
    await page.getByRole('button', { name: 'New Analysis' }).click();
    const newAnalysis = page.getByRole('dialog', { name: 'New Analysis' });
    await newAnalysis.getByLabel('Market').selectOption('EURUSD');
    await newAnalysis.getByText(/Dati EURUSD disponibili: 1m dal 01\/06\/2020/).waitFor();
    await newAnalysis.getByRole('button', { name: 'Cancel' }).click();
  });

  it('lets the admin upload an investing.com download in Italian as daily EURUSD, and refuses one whose dates read two ways', async () => {
    const page = await e2e.openPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    await openView(page, 'Settings');
    await page.getByRole('button', { name: /Upload Dati 1d/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Dati 1 Giorno' });
    await dialog.waitFor();
    await dialog.getByLabel('Algoritmo').selectOption({ label: 'Grid EurUsd (EURUSD)' });
    const fileInput = dialog.locator('input[type="file"]');
    const header = '"Data","Ultimo","Apertura","Massimo","Minimo","Vol.","Var. %"';

    // Every day at or under 12: 12.03.2024 is 12 March or 3 December, and nothing in the file decides.
    const ambiguous = ['12', '11', '08', '07', '06', '05'].map(
      (day) => `"${day}.03.2024","1,0926","1,0893","1,0942","1,0880","-","0,30%"`,
    );
    await fileInput.setInputFiles(investingFile('EUR_USD Dati Storici ambigui.csv', header, ...ambiguous));
    await dialog.getByRole('button', { name: 'Carica File 1D' }).click();
    await dialog
      .getByRole('alert')
      .filter({
        hasText:
          /«12\.03\.2024» è il 12 marzo 2024 se viene prima il giorno .* o il 3 dicembre 2024 se viene prima il mese/,
      })
      .waitFor();

    await dialog.getByRole('button', { name: 'Rimuovi EUR_USD Dati Storici ambigui.csv' }).click();
    // The download as investing.com writes it in Italian: newest first, a day past 12, decimal commas.
    await fileInput.setInputFiles(
      investingFile(
        'EUR_USD Dati Storici.csv',
        header,
        '"02.07.2025","1,1800","1,1787","1,1830","1,1746","-","0,11%"',
        '"01.07.2025","1,1787","1,1786","1,1829","1,1744","-","0,01%"',
        '"30.06.2025","1,1786","1,1718","1,1789","1,1706","-","0,58%"',
        '"31.06.2025","1,1718","1,1700","1,1750","1,1690","-","0,15%"',
        '"27.06.2025","1,1718","1,1702","1,1753","1,1684","-","0,14%"',
      ),
    );
    await dialog.getByRole('button', { name: 'Carica File 1D' }).click();
    const outcome = dialog.getByRole('status').filter({ hasText: 'File caricato con successo!' });
    await outcome.waitFor({ timeout: 30_000 });
    const figures = (await outcome.textContent()) ?? '';
    expect(figures).toContain('EURUSD · 1d · formato investing');
    expect(figures).toContain('Righe importate4');
    expect(figures).toContain('Righe scartate1');
    // The impossible date is named by its line (the header is line 1).
    expect(await outcome.getByRole('list', { name: 'Prime righe scartate' }).textContent()).toMatch(
      /^riga 5: /,
    );
    await captureScreen(page, 'upload-investing');
  });

  it('lets a user run a single and a range backtest and read the results by risk', async () => {
    const page = await e2e.openPage();
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    const list = await openManager(page, 'Backtests', 'Backtest Manage');
    await list.getByText('Nessun dato disponibile al momento').waitFor();
    expect(await list.getAttribute('aria-label')).toBe('Backtest Manage - In queue: 0');

    // Singolo, with the leverage following the account type.
    await page.getByRole('button', { name: 'New Backtest' }).click();
    await page.getByRole('heading', { name: 'New Backtest' }).waitFor();
    expect(await page.getByLabel('Worst', { exact: true }).inputValue()).toBe('300');
    expect(await page.getByLabel('Safe Worst').inputValue()).toBe('400');
    await page.getByRole('button', { name: 'Avvia Backtest' }).click();
    await page.getByRole('alert').filter({ hasText: 'Il capitale deve essere maggiore di 0' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Seleziona un algoritmo' }).waitFor();
    await page.getByLabel('Singolo').check();
    expect(await page.getByLabel('Mediazione').getAttribute('placeholder')).toBe('Default 30');
    await page.getByLabel('Capital').fill('10000');
    await page.getByLabel('Account type').selectOption('pro');
    const leverage = page.getByLabel(/^Leverage \(max \d+\)$/);
    expect(await leverage.inputValue()).toBe('200');
    await leverage.fill('500');
    await leverage.blur();
    expect(await leverage.inputValue()).toBe('200');
    await page.getByLabel('Account type').selectOption('retail');
    expect(await leverage.inputValue()).toBe('20');
    await page.getByLabel('From', { exact: true }).fill(PERIOD.from);
    await page.getByLabel('To', { exact: true }).fill(PERIOD.to);
    await captureScreen(page, 'backtest-form-single');
    await page.getByRole('button', { name: 'Avvia Backtest' }).click();
    await toast(page, 'Backtest singolo avviato con successo!').waitFor();

    // Classico: the market's demo algorithm swept over its grid.
    await page.getByRole('button', { name: 'New Backtest' }).click();
    await page.getByLabel('Capital').fill('10000');
    await page.getByLabel('Algorithm').selectOption({ label: 'Grid Gold' });
    await page.getByLabel('From', { exact: true }).fill(PERIOD.from);
    await page.getByLabel('To', { exact: true }).fill(PERIOD.to);
    // Out of sample: the last 20% of the period held back by default, 0–50% allowed (issue 36).
    const holdOut = page.getByLabel('Fuori campione (%)');
    expect(await holdOut.inputValue()).toBe('20');
    await holdOut.fill('60');
    await page.getByRole('button', { name: 'Avvia Backtest' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'La parte fuori campione deve essere tra 0 e 50%.' })
      .waitFor();
    await holdOut.fill('20');
    await captureScreen(page, 'backtest-form-range');
    await page.getByRole('button', { name: 'Avvia Backtest' }).click();
    await toast(page, 'Backtest con range avviato con successo!').waitFor();

    // The list polls every 5 s until both are done.
    await list.getByRole('row').nth(2).waitFor();
    await queueEmptied(list, 'Backtest Manage');
    await expect
      .poll(() => list.getByText('Completed', { exact: true }).count(), { timeout: 10_000 })
      .toBe(2);
    await captureScreen(page, 'backtests');

    // Newest first: the range backtest is the first row.
    await list
      .getByRole('button', { name: `Visualizza backtest GOLD ${PERIOD.label}` })
      .first()
      .click();
    const results = page.getByRole('dialog', { name: 'Risultati backtest' });
    await results.getByText(/Classico · Grid Gold · GOLD/).waitFor();
    const slider = results.getByRole('slider');
    await results.getByText('Risk score: 10%').waitFor();
    expect(await slider.inputValue()).toBe('10');
    for (const heading of [
      'Profitto più alto',
      'Profitto più alto con requirement tra 0% e 10%',
      'Miglior rapporto interest / requirement',
    ]) {
      await results.getByRole('heading', { name: heading, exact: true }).waitFor();
    }
    // The rows are ranked on the first part of the period; the last 20% of its bars, from the start
    // of a day (the demo week's Friday is short: from Thursday), was held back, and each row shows
    // its run there beside its own figures, with the time under water of both.
    await results
      .getByText(/^Fuori campione: l’ultimo 20% delle barre, dal 26\/06\/2025, è stato tenuto/)
      .waitFor();
    for (const header of [
      'Max drawdown',
      'Sott’acqua (giorni)',
      'Profit fuori campione',
      'Max drawdown fuori campione',
      'Sott’acqua fuori campione (giorni)',
    ])
      await results.getByRole('columnheader', { name: header, exact: true }).waitFor();
    const shownAt10 = await resultCount(results);
    await slider.fill('50');
    await results.getByText('Risk score: 50%').waitFor();
    await results.getByRole('heading', { name: 'Profitto più alto con requirement tra 40% e 50%' }).waitFor();
    await results.getByRole('region', { name: 'Risultati con requirement ≤ 50%' }).waitFor();
    expect(await resultCount(results)).toBeGreaterThanOrEqual(shownAt10);
    await captureScreen(page, 'backtest-results');
    await results.getByRole('button', { name: 'Chiudi' }).click();
    await results.waitFor({ state: 'hidden' });

    // The single one (second row) goes after a confirmation.
    await list
      .getByRole('button', { name: `Elimina backtest GOLD ${PERIOD.label}` })
      .nth(1)
      .click();
    await page.getByRole('alertdialog').getByText('Sei sicuro di voler eliminare questo backtest?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sì', exact: true }).click();
    await toast(page, 'Backtest deleted successfully').waitFor();
    await expect.poll(() => list.getByText('Completed', { exact: true }).count()).toBe(1);
  });

  it('marks a run whose lots leave the engine’s exact range and keeps it out of the highlight cards', async () => {
    const page = await e2e.openPage();
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    const list = await openManager(page, 'Backtests', 'Backtest Manage');

    // Six million NASDAQ lots at about 15,000 pass 2^53 hundredths of a lot times milli-points at the
    // first cycle, while a billion euros at 1:200 carry them with a requirement of about 60%.
    await page.getByRole('button', { name: 'New Backtest' }).click();
    await page.getByLabel('Singolo').check();
    await page.getByLabel('Capital').fill('1000000000');
    await page.getByLabel('Account type').selectOption('pro');
    await page.getByLabel('Market').selectOption('NASDAQ');
    await page.getByLabel('Worst', { exact: true }).fill('1');
    await page.getByLabel('Size').fill('6000000');
    await page.getByLabel('Addizionale').fill('1');
    await page.getByLabel('From', { exact: true }).fill(PERIOD.from);
    await page.getByLabel('To', { exact: true }).fill(PERIOD.to);
    await page.getByRole('button', { name: 'Avvia Backtest' }).click();
    await toast(page, 'Backtest singolo avviato con successo!').waitFor();
    await queueEmptied(list, 'Backtest Manage');

    await list.getByRole('button', { name: `Visualizza backtest NASDAQ ${PERIOD.label}` }).click();
    const results = page.getByRole('dialog', { name: 'Risultati backtest' });
    const note = (text: RegExp) => results.getByText(text);
    // At 10% the table leaves the run out, and the note says why nothing is marked.
    await note(
      /^1 combinazione ha raggiunto lotti o importi oltre la precisione del motore: si è interrotta in quel momento e resta fuori dai riquadri\. Il suo requirement supera il rischio scelto\.$/,
    ).waitFor();
    expect(await resultCount(results)).toBe(0);

    await results.getByRole('slider').fill('90');
    await note(/resta fuori dai riquadri\. In tabella è segnata con «Interrotto»\.$/).waitFor();
    const mark = results
      .getByRole('region', { name: 'Risultati con requirement ≤ 90%' })
      .getByText('Interrotto', { exact: true });
    await mark.waitFor();
    // Its tooltip says when: the period's first bar, at midnight of 23 June 2025.
    expect(await mark.getAttribute('title')).toMatch(
      /^Interrotto il 23\/06\/2025.*: lotti o importi oltre la precisione del motore\. Le cifre arrivano fino a quel momento\.$/,
    );
    expect(await resultCount(results)).toBe(1);
    // The only row stopped, so no card picks it.
    await expect
      .poll(() => results.getByText('Nessun risultato in questo intervallo di rischio.').count())
      .toBe(3);
    await captureScreen(page, 'backtest-results-overflow');
  });

  it('lets a user run an analysis and read its details', async () => {
    const page = await e2e.openPage();
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    const list = await openManager(page, 'Analysis', 'Analysis Manage');

    await page.getByRole('button', { name: 'New Analysis' }).click();
    const form = page.getByRole('dialog', { name: 'New Analysis' });
    expect(await form.getByLabel('Market').inputValue()).toBe('GOLD');
    await form.getByLabel('Start Date').fill('');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Seleziona entrambe le date').waitFor();
    await form.getByLabel('Start Date').fill(PERIOD.from);
    await form.getByLabel('End Date').fill(PERIOD.to);
    await captureScreen(page, 'analysis-form');
    await form.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Analisi creata con successo').waitFor();
    await form.waitFor({ state: 'hidden' });

    await queueEmptied(list, 'Analysis Manage');
    await list.getByText('Completed', { exact: true }).waitFor();
    await captureScreen(page, 'analyses');

    await list.getByRole('button', { name: `Visualizza analisi GOLD ${PERIOD.label}` }).click();
    const details = page.getByRole('dialog', { name: 'Analysis Details' });
    for (const card of ['Volatility', 'Worst Positive', 'Worst Negative', 'Worst Durations']) {
      await details.getByRole('heading', { name: card, exact: true }).waitFor();
    }
    const volatility = (await details.getByRole('article', { name: 'Volatility' }).textContent()) ?? '';
    expect(volatility).toMatch(/Mean[\d.,]+ pt/);
    await captureScreen(page, 'analysis-details');
    await details.getByRole('button', { name: 'Chiudi' }).click();

    await list.getByRole('button', { name: `Elimina analisi GOLD ${PERIOD.label}` }).click();
    await page.getByRole('alertdialog').getByText('Sei sicuro di voler eliminare questa analisi?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sì', exact: true }).click();
    await toast(page, 'Analyses deleted successfully').waitFor();
    await list.getByText('Nessun dato disponibile al momento').waitFor();
  });
});

/** Opens a dashboard view and answers its job list, titled '<title> - In queue: N'. */
async function openManager(page: Page, view: string, title: string): Promise<Locator> {
  await openView(page, view);
  const list = page.getByRole('region', { name: new RegExp(`^${title} - In queue: \\d+$`) });
  await list.waitFor();
  return list;
}

/** Waits, through the list's polling, until its title counts no job queued or running. */
async function queueEmptied(list: Locator, title: string): Promise<void> {
  await expect
    .poll(() => list.getAttribute('aria-label'), { timeout: JOB_TIMEOUT_MS, interval: 1000 })
    .toBe(`${title} - In queue: 0`);
}

/** A CSV as investing.com's Historical Data download writes it: quoted fields, CRLF lines. */
function investingFile(name: string, ...rows: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n') + '\r\n') };
}

/** The total of the results table's 'from-to di total' counter. */
async function resultCount(results: Locator): Promise<number> {
  const counter = (await results.getByText(/^\d+-\d+ di \d+$/).textContent()) ?? '';
  return Number(counter.split(' di ')[1] ?? Number.NaN);
}
