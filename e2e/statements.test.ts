// Issue 36, point 3, in a real browser on the built app with the demo data: an admin opens the
// demo investment's export dialog from the Investments list, downloads its transactions as CSV
// and the previous month's statement as a PDF (the month picker's default), and the browser
// saves both under the server's names with their content; a finished backtest's results modal
// exports its rows as CSV. The buttons are reached by their names.
import {
  previousMonth,
  RESULTS_CSV_COLUMNS,
  TRANSACTIONS_CSV_COLUMNS,
  type BacktestConfig,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin } from './support/api';
import { captureScreen } from './support/screenshots';
import { ADMIN, ADMIN_2FA_OPTIONAL } from './support/server';
import { useServerAndBrowser } from './support/suite';
import { logIn, openView, toast } from './support/ui';

const e2e = useServerAndBrowser({ env: { ...ADMIN_2FA_OPTIONAL, DEMO_DATA: '1' } });

async function downloadBy(
  page: Page,
  click: () => Promise<void>,
): Promise<{ download: Download; content: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { download, content: await readFile(path) };
}

describe('statements', () => {
  it('downloads an investment’s transactions as CSV and its monthly statement as PDF from the export dialog', async () => {
    const page = await e2e.openPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    await openView(page, 'Investments');
    const row = page
      .getByRole('region', { name: 'Investments' })
      .getByRole('row')
      .filter({ hasText: 'DEMO-0001' });
    await row.getByRole('button', { name: /^Esporta investment DEMO-0001/ }).click();

    const dialog = page.getByRole('dialog', { name: 'Esporta' });
    const month = dialog.getByLabel('Mese');
    const lastMonth = previousMonth(new Date());
    expect(await month.inputValue()).toBe(lastMonth);
    await captureScreen(page, 'investments-export');

    const csv = await downloadBy(page, () =>
      dialog.getByRole('button', { name: 'Esporta transazioni (CSV)' }).click(),
    );
    expect(csv.download.suggestedFilename()).toMatch(/^transazioni-DEMO-0001-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.content.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(TRANSACTIONS_CSV_COLUMNS.join(','));
    // The thirty seeded cycles, and any the demo bot closed since.
    expect(lines.length).toBeGreaterThanOrEqual(31);
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,\d{4}-\d{2}-\d{2}T[\d:.]+Z,GOLD,[\d.]+,[\d.]+,[\d.]+,(take-profit|stop),-?[\d.]+$/,
    );
    await toast(page, `File scaricato: ${csv.download.suggestedFilename()}`).waitFor();

    // The month is typed from the keyboard and the form sent with Enter.
    await month.focus();
    await month.fill(lastMonth);
    const pdf = await downloadBy(page, () => month.press('Enter'));
    expect(pdf.download.suggestedFilename()).toBe(`estratto-conto-DEMO-0001-${lastMonth}.pdf`);
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.content.length).toBeGreaterThan(1000);

    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The row with its export button beside Stop, edit and delete.
    await captureScreen(page, 'investments-export-row');
  });

  it('exports a finished backtest’s result rows as CSV from its results modal', async () => {
    const jwt = await apiLogin(e2e.server, ADMIN.email, ADMIN.password);
    const config: BacktestConfig = {
      type: 'single',
      capital: 10_000,
      accountType: 'retail',
      leverage: 20,
      from: '2025-06-23',
      to: '2025-06-27',
      market: 'GOLD',
      worst: 300,
      safeWorst: 400,
    };
    const created = await api(e2e.server, API.backtests.create, {
      jwt,
      body: { config },
    });
    const id = created.data?._id ?? '';
    await expect
      .poll(
        async () => (await api(e2e.server, API.backtests.get, { params: { id }, jwt })).data?.isCompleted,
        {
          timeout: 60_000,
          interval: 500,
        },
      )
      .toBe(2);

    const page = await e2e.openPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    await openView(page, 'Backtests');
    await page.getByRole('button', { name: 'Visualizza backtest GOLD 23/06/2025 – 27/06/2025' }).click();
    const results = page.getByRole('dialog', { name: 'Risultati backtest' });
    const exportButton = results.getByRole('button', { name: 'Esporta risultati (CSV)' });
    await exportButton.waitFor();
    await captureScreen(page, 'backtest-results-export');

    const csv = await downloadBy(page, () => exportButton.click());
    expect(csv.download.suggestedFilename()).toBe(
      'risultati-backtest-singolo-GOLD-2025-06-23-2025-06-27.csv',
    );
    const lines = csv.content.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(RESULTS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^1,0\.5,30,50,1,-?[\d.]+,/);
  });
});
