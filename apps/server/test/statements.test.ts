// Statements (issue 36, point 3): an investment's transactions and a result set as CSV, and the
// monthly statement as a PDF; owner or admin only, refusals as the envelope before any byte of
// the file; an export leaves in pieces, a page of rows at a time (a million rows: long/statements-at-size).
import {
  RESULTS_CSV_COLUMNS,
  STATEMENT_MESSAGES,
  STATEMENTS_API,
  urlOf,
  requestOf,
  type Backtest,
  type BacktestResult,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { transactions } from '@platform/db';
import { describe, expect, it } from 'vitest';
import { createUser, login } from './support/factories';
import { demoInvestor } from './support/demo-investor';
import {
  closedCycle,
  downloadTransactionsCsv,
  insertCyclesSharingSeconds,
  investorWithInvestment,
} from './support/investment-cycles';
import { oscillatingBars } from './support/memory-prices';
import { pdfPageCount, pdfTextLines } from './support/pdf-text';
import { createTestApp, type TestApp } from './support/test-app';

const get = (testApp: TestApp, url: string, token?: string) =>
  testApp.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('statements', () => {
  it('exports the investment’s cycles as CSV: units in the header, ISO UTC times, a decimal point, oldest first', async () => {
    const testApp = await createTestApp();
    const { ownerToken, investment, ownerId } = await investorWithInvestment(testApp);
    const admin = await createUser(testApp, { role: 'admin' });
    await testApp.database.db.insert(transactions).values([
      closedCycle(investment, ownerId, {
        openedAt: new Date('2025-10-06T08:00:00Z'),
        closedAt: new Date('2025-10-06T09:30:00.5Z'),
        lots: 2.5,
        entryPrice: 2001.35,
        exitPrice: 1961.35,
        reason: 'stop',
        profitLoss: -1234.5,
      }),
      closedCycle(investment, ownerId, {
        openedAt: new Date('2025-10-05T10:00:00Z'),
        closedAt: new Date('2025-10-05T14:03:07.25Z'),
        lots: 1.5,
        entryPrice: 2001.35,
        exitPrice: 2006.35,
        profitLoss: 634.26,
      }),
      // A cycle of the investment written while someone else owned it: not this owner's statement.
      closedCycle(investment, admin.id, { closedAt: new Date('2025-09-01T00:00:00Z'), profitLoss: 1 }),
    ]);

    const response = await get(
      testApp,
      urlOf(STATEMENTS_API.transactionsCsv, { id: investment._id }),
      ownerToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = testApp.clock.now().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="transazioni-DEMO-LIVE-${today}.csv"`,
    );
    expect(response.body).toBe(
      'opened_at_utc,closed_at_utc,market,lots,entry_price_usd,exit_price_usd,reason,profit_loss_eur\r\n' +
        '2025-10-05T10:00:00.000Z,2025-10-05T14:03:07.250Z,GOLD,1.5,2001.35,2006.35,take-profit,634.26\r\n' +
        '2025-10-06T08:00:00.000Z,2025-10-06T09:30:00.500Z,GOLD,2.5,2001.35,1961.35,stop,-1234.5\r\n',
    );

    // An admin sees every cycle of the investment.
    const adminCsv = await get(
      testApp,
      urlOf(STATEMENTS_API.transactionsCsv, { id: investment._id }),
      (await login(testApp, admin)).jwt,
    );
    expect(adminCsv.body.trim().split('\r\n')).toHaveLength(4);
  });

  it('pages an export through runs of equal closing times, to the microsecond: every cycle once, oldest first, in pieces', async () => {
    const testApp = await createTestApp();
    const { ownerToken, investment, ownerId } = await investorWithInvestment(testApp);
    // Past two pages of 5,000 rows, each page ending inside a run of seven equal closing times.
    const rows = 12_000;
    await insertCyclesSharingSeconds(testApp, investment, ownerId, rows);

    const response = await downloadTransactionsCsv(testApp, investment, ownerToken);
    expect(response.statusCode).toBe(200);
    let chunks = 0;
    let text = '';
    for await (const chunk of response.stream()) {
      chunks += 1;
      text += String(chunk);
    }
    const [, ...lines] = text.trimEnd().split('\r\n');
    const profits = lines.map((line) => Number(line.slice(line.lastIndexOf(',') + 1)));
    // Every cycle once (within a closing second the order is the rows' ids).
    expect(profits.sort((a, b) => a - b)).toEqual(Array.from({ length: rows }, (_, index) => index + 1));
    const closedAt = lines.map((line) => line.split(',')[1] ?? '');
    expect(closedAt).toEqual([...closedAt].sort());
    // A piece per page of 5,000 rows at least, where a file built whole would come as one.
    expect(chunks).toBeGreaterThanOrEqual(Math.ceil(rows / 5000));
  });

  it('answers another user’s investment with a 404 envelope and a bad id with a 400, never with CSV', async () => {
    const testApp = await createTestApp();
    const { investment } = await investorWithInvestment(testApp);
    const stranger = (await login(testApp, await createUser(testApp))).jwt;
    const salesman = (await login(testApp, await createUser(testApp, { role: 'sales' }))).jwt;

    for (const token of [stranger, salesman]) {
      for (const url of [
        urlOf(STATEMENTS_API.transactionsCsv, { id: investment._id }),
        urlOf(STATEMENTS_API.statementPdf, { id: investment._id }, { month: '2025-10' }),
      ]) {
        const response = await get(testApp, url, token);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.headers['content-disposition']).toBeUndefined();
        expect(response.json()).toEqual({ ok: false, error: 'Investimento non trovato.' });
      }
    }
    const badId = await get(testApp, urlOf(STATEMENTS_API.transactionsCsv, { id: 'not-an-id' }), stranger);
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ ok: false, error: 'Investimento non trovato.' });
    const anonymous = await get(testApp, urlOf(STATEMENTS_API.transactionsCsv, { id: investment._id }));
    expect(anonymous.statusCode).toBe(401);
  });

  it('exports a finished sweep’s result rows as CSV that reads back as the same rows', async () => {
    const testApp = await createTestApp();
    testApp.prices.set('GOLD', '1m', oscillatingBars('2024-03-01', 7));
    const { ownerToken } = await demoInvestor(testApp);
    const algorithms = await testApp.call<{ _id: string }[]>({
      ...requestOf(API.algorithms.list),
      token: ownerToken,
    });
    const created = await testApp.call<Backtest>({
      ...requestOf(API.backtests.create),
      token: ownerToken,
      payload: {
        config: {
          type: 'range',
          algorithm: algorithms.body.data[0]?._id,
          capital: 10_000,
          accountType: 'retail',
          leverage: 20,
          from: '2024-03-04',
          to: '2024-03-05',
          market: 'GOLD',
          worst: 300,
          safeWorst: 400,
          dynamic: false,
          close: true,
        },
      },
    });
    const id = created.body.data._id;
    const queued = await get(testApp, urlOf(STATEMENTS_API.resultsCsv, { id }), ownerToken);
    expect(queued.statusCode).toBe(409);
    expect(queued.json()).toEqual({ ok: false, error: STATEMENT_MESSAGES.notDone });

    expect(await testApp.app.services.jobRunner.runOnce()).toBe(true);
    const done = await testApp.call<Backtest>({
      ...requestOf(API.backtests.get, { id }),
      token: ownerToken,
    });
    const response = await get(testApp, urlOf(STATEMENTS_API.resultsCsv, { id }), ownerToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="risultati-backtest-classico-GOLD-2024-03-04-2024-03-05.csv"',
    );
    const [header, ...lines] = response.body.trimEnd().split('\r\n');
    expect(header).toBe(RESULTS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(1323);

    const reread = lines.map((line): BacktestResult => {
      const cells = line.split(',');
      const value = (column: (typeof RESULTS_CSV_COLUMNS)[number]) =>
        cells[RESULTS_CSV_COLUMNS.indexOf(column)] ?? '';
      return {
        size: Number(value('size_lots')),
        addizionale: Number(value('addizionale_lots')),
        mediazione: Number(value('mediazione_points')),
        target: Number(value('target_points')),
        multiplier: Number(value('multiplier')),
        profit: Number(value('profit_eur')),
        interest: Number(value('interest_pct')),
        trades: Number(value('trades')),
        stops: Number(value('stops')),
        requirement: Number(value('requirement_pct')),
        requirement20: Number(value('requirement_1_20_pct')),
        requirement200: Number(value('requirement_1_200_pct')),
        maxDrawdown: Number(value('max_drawdown_pct')),
        openPnl: Number(value('open_pnl_eur')),
        overflow: value('overflow') === 'true',
        overflowAt: value('overflow_at_utc') === '' ? null : Date.parse(value('overflow_at_utc')),
        timeUnderWaterDays: Number(value('time_under_water_days')),
        // Nothing held back: the held-back cells are empty.
        heldBack:
          value('held_back_from_utc') === '' && value('held_back_profit_eur') === '' ? null : undefined,
      } as BacktestResult;
    });
    expect(reread).toEqual(done.body.data.results);

    const stranger = (await login(testApp, await createUser(testApp))).jwt;
    const refused = await get(testApp, urlOf(STATEMENTS_API.resultsCsv, { id }), stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ ok: false, error: 'Backtest non trovato.' });
  });

  it('makes a monthly statement PDF with opening and closing capital, the month’s cycles, fees and profit', async () => {
    const testApp = await createTestApp();
    const { ownerToken, investment, ownerId } = await investorWithInvestment(testApp);
    await testApp.database.db.insert(transactions).values([
      closedCycle(investment, ownerId, { closedAt: new Date('2025-09-30T23:59:59.999Z'), profitLoss: 100 }),
      closedCycle(investment, ownerId, {
        closedAt: new Date('2025-10-01T00:00:00Z'),
        lots: 1.5,
        entryPrice: 2001.35,
        exitPrice: 2006.35,
        profitLoss: 634.26,
      }),
      closedCycle(investment, ownerId, {
        closedAt: new Date('2025-10-14T09:30:00Z'),
        lots: 2.5,
        entryPrice: 2001.35,
        exitPrice: 1961.35,
        reason: 'stop',
        profitLoss: -250.5,
      }),
      closedCycle(investment, ownerId, {
        closedAt: new Date('2025-10-31T23:59:00Z'),
        reason: 'close',
        profitLoss: 12.25,
      }),
      closedCycle(investment, ownerId, { closedAt: new Date('2025-11-01T00:00:00Z'), profitLoss: 999 }),
    ]);

    const response = await get(
      testApp,
      urlOf(STATEMENTS_API.statementPdf, { id: investment._id }, { month: '2025-10' }),
      ownerToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="estratto-conto-DEMO-LIVE-2025-10.pdf"',
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF\s*$/);
    const text = pdfTextLines(pdf).map((line) => line.replace(/\u00a0/g, ' '));
    expect(text).toEqual(
      expect.arrayContaining([
        'Estratto conto Ottobre 2025',
        'Periodo: dal 01/10/2025 al 31/10/2025 (orari UTC)',
        'DEMO-LIVE (Capital.com)',
        'Grid GOLD',
        'GOLD (XAUUSD)',
        'Capitale iniziale (al 01/10/2025)',
        '10.100,00 €',
        'Nessuna commissione applicata dalla piattaforma',
        '3 (di cui 1 con stop di sicurezza)',
        '+396,01 €',
        'Capitale finale (al 31/10/2025)',
        '10.496,01 €',
        // The rows, in the order they closed.
        '01/10/2025, 00:00',
        // Italian groups thousands from five digits on.
        '2001,35',
        '2006,35',
        'Take profit',
        '+634,26 €',
        'Stop di sicurezza',
        '-250,50 €',
        'Chiusura',
        'Totale del mese',
      ]),
    );
    expect(text.indexOf('+634,26 €')).toBeLessThan(text.indexOf('-250,50 €'));
    // The cycles just before and just after the month are not in it.
    expect(text).not.toContain('+999,00 €');
    expect(text.filter((line) => /^(30\/09|01\/11)\/2025/.test(line))).toEqual([]);

    // A month without cycles is a statement too: the capital stays as it was.
    const quiet = await get(
      testApp,
      urlOf(STATEMENTS_API.statementPdf, { id: investment._id }, { month: '2025-12' }),
      ownerToken,
    );
    expect(quiet.statusCode).toBe(200);
    expect(pdfPageCount(quiet.rawPayload)).toBe(1);
    const quietText = pdfTextLines(quiet.rawPayload).map((line) => line.replace(/\u00a0/g, ' '));
    expect(quietText).toEqual(
      expect.arrayContaining(['Nessun ciclo chiuso nel mese.', '11.495,01 €', '0,00 €']),
    );
  });

  it('refuses a month that is not YYYY-MM, or not begun yet, with a 400 envelope', async () => {
    const testApp = await createTestApp();
    const { ownerToken, investment } = await investorWithInvestment(testApp);
    const base = urlOf(STATEMENTS_API.transactionsCsv, { id: investment._id }).replace(
      'transactions.csv',
      'statement.pdf',
    );
    for (const query of [
      '?month=2025-13',
      '?month=ottobre',
      '?month=2025-1',
      '?month=1999-12',
      '',
      '?month=2025-10&month=2025-11',
    ]) {
      const response = await get(testApp, `${base}${query}`, ownerToken);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ ok: boolean }>().ok, query).toBe(false);
    }
    const future = await get(
      testApp,
      urlOf(STATEMENTS_API.statementPdf, { id: investment._id }, { month: '2999-01' }),
      ownerToken,
    );
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ ok: false, error: STATEMENT_MESSAGES.monthInFuture });
    const wrong = await get(testApp, `${base}?month=2025-13`, ownerToken);
    expect(wrong.json()).toEqual({ ok: false, error: STATEMENT_MESSAGES.monthFormat });
  });
});
