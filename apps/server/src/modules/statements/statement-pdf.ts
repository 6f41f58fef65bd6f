// The monthly statement of an investment as an A4 PDF, laid out with pdfkit (issue 36, point 3):
// the investment, the month, opening and closing capital, the cycles closed in the month, the
// fees, the month's profit/loss. Italian words and number formats; times in UTC, as the bots and
// the CSV keep them. The document is a stream: rows are written as their pages come from the
// database and each finished PDF page leaves at once. Helvetica is one of the fourteen fonts
// every PDF reader has, so nothing is embedded; its WinAnsi encoding has the euro sign and
// Italian letters.
import type { Market } from '@platform/contracts';
import PDFDocument from 'pdfkit';
import type { LedgerLine } from './statements.repository';

export interface MonthlyStatement {
  /** YYYY-MM. */
  month: string;
  generatedAt: Date;
  investment: {
    accountId: string;
    brokerName: string;
    owner: string;
    algorithm: string;
    market: Market;
    symbol: string;
    capital: number;
    leverage: number;
  };
  /** Decimals of the market's prices in the table (the instrument's point, one more). */
  priceDecimals: number;
  openingCapital: number;
  profitLoss: number;
  closingCapital: number;
  cycles: number;
  stops: number;
  /** The month's cycles in the order they closed, a page at a time. */
  lines: AsyncIterable<readonly LedgerLine[]>;
  /** The platform's fees of the month, when there are any. */
  fees: string;
}

const REASONS: Record<LedgerLine['reason'], string> = {
  'take-profit': 'Take profit',
  stop: 'Stop di sicurezza',
  close: 'Chiusura',
};

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
const signedEuro = new Intl.NumberFormat('it-IT', {
  style: 'currency',
  currency: 'EUR',
  signDisplay: 'exceptZero',
});
const lotsFormat = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const utcDay = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
const utcMinute = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});
const monthName = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The first instant of the month and of the next one, UTC. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, monthNumber - 1, 1)), to: new Date(Date.UTC(year, monthNumber, 1)) };
}

export function monthTitle(month: string): string {
  const title = monthName.format(monthBounds(month).from);
  return title.charAt(0).toUpperCase() + title.slice(1);
}

const PAGE = { margin: 50, width: 595.28, height: 841.89 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const TABLE_BOTTOM = PAGE.height - PAGE.margin - 30;
const ROW_HEIGHT = 15;
const COLORS = {
  ink: '#1f2933',
  muted: '#616e7c',
  line: '#cbd2d9',
  band: '#f0f4f8',
  loss: '#b3261e',
  profit: '#1e7b34',
};

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  /** Space before a left-aligned text: more after a column of right-aligned figures. */
  inset: number;
}

const COLUMNS: Column[] = [
  { title: 'Chiusura (UTC)', width: 100, align: 'left', inset: 4 },
  { title: 'Lotti', width: 45, align: 'right', inset: 4 },
  { title: 'Entrata (USD)', width: 80, align: 'right', inset: 4 },
  { title: 'Uscita (USD)', width: 80, align: 'right', inset: 4 },
  { title: 'Motivo', width: 95, align: 'left', inset: 14 },
  { title: 'Profitto/perdita', width: CONTENT_WIDTH - 400, align: 'right', inset: 4 },
];

/** Writes the statement into a PDF stream; a failure while reading the rows destroys the stream. */
export function renderStatementPdf(statement: MonthlyStatement): PDFKit.PDFDocument {
  const title = `Estratto conto ${monthTitle(statement.month)}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    autoFirstPage: false,
    info: {
      Title: `${title} - ${statement.investment.accountId}`,
      Author: 'Trading Platform',
      Subject: 'Estratto conto mensile di un investimento',
      CreationDate: statement.generatedAt,
    },
  });
  const layout = new StatementLayout(doc, statement, title);
  void layout.write().then(
    () => doc.end(),
    (error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return doc;
}

class StatementLayout {
  private pageNumber = 0;
  private y = PAGE.margin;
  private readonly price: Intl.NumberFormat;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly statement: MonthlyStatement,
    private readonly title: string,
  ) {
    this.price = new Intl.NumberFormat('it-IT', {
      minimumFractionDigits: statement.priceDecimals,
      maximumFractionDigits: statement.priceDecimals,
    });
  }

  async write(): Promise<void> {
    const { statement } = this;
    const { from, to } = monthBounds(statement.month);
    const lastDay = new Date(to.getTime() - 1);
    this.newPage();
    this.doc.font('Helvetica-Bold').fontSize(18).fillColor(COLORS.ink).text(this.title, PAGE.margin, this.y);
    this.y = this.doc.y + 2;
    this.doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(COLORS.muted)
      .text(
        `Periodo: dal ${utcDay.format(from)} al ${utcDay.format(lastDay)} (orari UTC)`,
        PAGE.margin,
        this.y,
      );
    this.y = this.doc.y + 14;

    const { investment } = statement;
    this.section('Investimento');
    this.facts([
      ['Account', `${investment.accountId} (${investment.brokerName})`],
      ['Titolare', investment.owner],
      ['Algoritmo', investment.algorithm],
      ['Mercato', `${investment.market} (${investment.symbol})`],
      ['Capitale investito', euro.format(investment.capital)],
      ['Leva', `1:${investment.leverage}`],
    ]);

    this.section('Riepilogo del mese');
    this.facts([
      [`Capitale iniziale (al ${utcDay.format(from)})`, euro.format(statement.openingCapital)],
      [
        'Cicli chiusi nel mese',
        `${statement.cycles}${statement.stops > 0 ? ` (di cui ${statement.stops} con stop di sicurezza)` : ''}`,
      ],
      ['Commissioni', statement.fees],
      ['Profitto/perdita del mese', signedEuro.format(statement.profitLoss)],
      [`Capitale finale (al ${utcDay.format(lastDay)})`, euro.format(statement.closingCapital)],
    ]);

    this.section('Cicli chiusi nel mese');
    let written = 0;
    this.tableHeader();
    for await (const page of statement.lines) {
      for (const line of page) {
        if (this.y + ROW_HEIGHT > TABLE_BOTTOM) {
          this.newPage();
          this.tableHeader();
        }
        this.tableRow(line, written % 2 === 1);
        written += 1;
      }
    }
    if (written === 0) {
      this.doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(COLORS.muted)
        .text('Nessun ciclo chiuso nel mese.', PAGE.margin + 4, this.y + 4, { lineBreak: false });
      this.y += ROW_HEIGHT + 4;
    }
    this.totalRow(statement.profitLoss);

    this.y += 16;
    if (this.y + 40 > TABLE_BOTTOM) this.newPage();
    this.doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(
        'Importi in euro, al netto dello spread, convertiti con il cambio EURUSD del giorno di chiusura. Prezzi in dollari USA ' +
          '(il prezzo di entrata è la media ponderata sui lotti del ciclo). Il capitale iniziale è il capitale investito più il ' +
          'risultato dei cicli chiusi prima del mese.',
        PAGE.margin,
        this.y,
        { width: CONTENT_WIDTH },
      );
  }

  /** A new page with its footer: the statement, the account, the page number and when it was made. */
  private newPage(): void {
    this.doc.addPage({ size: 'A4', margin: PAGE.margin });
    this.pageNumber += 1;
    this.y = PAGE.margin;
    const footer = `${this.title} · ${this.statement.investment.accountId} · generato il ${utcMinute.format(this.statement.generatedAt)} UTC`;
    const pageLabel = `Pagina ${this.pageNumber}`;
    const footerY = PAGE.height - PAGE.margin + 10;
    this.doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted);
    this.doc.text(footer, PAGE.margin, footerY, { lineBreak: false });
    this.doc.text(pageLabel, PAGE.width - PAGE.margin - this.doc.widthOfString(pageLabel), footerY, {
      lineBreak: false,
    });
  }

  private section(name: string): void {
    this.doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(COLORS.ink)
      .text(name, PAGE.margin, this.y, { lineBreak: false });
    this.y += 18;
    this.doc
      .moveTo(PAGE.margin, this.y - 4)
      .lineTo(PAGE.width - PAGE.margin, this.y - 4)
      .lineWidth(0.5)
      .strokeColor(COLORS.line)
      .stroke();
  }

  private facts(rows: [string, string][]): void {
    for (const [label, value] of rows) {
      this.doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(COLORS.muted)
        .text(label, PAGE.margin, this.y, { width: 190 });
      const labelBottom = this.doc.y;
      this.doc
        .font('Helvetica-Bold')
        .fillColor(COLORS.ink)
        .text(value, PAGE.margin + 200, this.y, { width: CONTENT_WIDTH - 200 });
      this.y = Math.max(labelBottom, this.doc.y) + 4;
    }
    this.y += 10;
  }

  private cells(texts: string[], font: string, color: string | ((index: number) => string)): void {
    let x = PAGE.margin;
    this.doc.font(font).fontSize(9);
    COLUMNS.forEach((column, index) => {
      const text = texts[index] ?? '';
      const textX =
        column.align === 'right' ? x + column.width - 4 - this.doc.widthOfString(text) : x + column.inset;
      this.doc
        .fillColor(typeof color === 'string' ? color : color(index))
        .text(text, textX, this.y + 4, { lineBreak: false });
      x += column.width;
    });
    this.y += ROW_HEIGHT;
  }

  private tableHeader(): void {
    this.doc.rect(PAGE.margin, this.y, CONTENT_WIDTH, ROW_HEIGHT).fill(COLORS.band);
    this.cells(
      COLUMNS.map((column) => column.title),
      'Helvetica-Bold',
      COLORS.ink,
    );
  }

  private tableRow(line: LedgerLine, shaded: boolean): void {
    if (shaded) this.doc.rect(PAGE.margin, this.y, CONTENT_WIDTH, ROW_HEIGHT).fill('#f8fafc');
    const last = COLUMNS.length - 1;
    this.cells(
      [
        utcMinute.format(line.closedAt),
        lotsFormat.format(line.lots),
        this.price.format(line.entryPrice),
        this.price.format(line.exitPrice),
        REASONS[line.reason],
        signedEuro.format(line.profitLoss),
      ],
      'Helvetica',
      (index) => (index === last ? amountColor(line.profitLoss) : COLORS.ink),
    );
  }

  private totalRow(profitLoss: number): void {
    if (this.y + ROW_HEIGHT > TABLE_BOTTOM) this.newPage();
    this.doc
      .moveTo(PAGE.margin, this.y)
      .lineTo(PAGE.width - PAGE.margin, this.y)
      .lineWidth(0.5)
      .strokeColor(COLORS.ink)
      .stroke();
    const last = COLUMNS.length - 1;
    this.cells(
      ['Totale del mese', '', '', '', '', signedEuro.format(profitLoss)],
      'Helvetica-Bold',
      (index) => (index === last ? amountColor(profitLoss) : COLORS.ink),
    );
  }
}

function amountColor(amount: number): string {
  if (amount > 0) return COLORS.profit;
  return amount < 0 ? COLORS.loss : COLORS.ink;
}
