// An investment's view (issue 36, point 2): for a period, the market's bars (chart-prices.ts, at
// most INVESTMENT_CHART_MAX_POINTS), the bot's entries and exits as markers, its equity curve, its
// open positions and its transactions, in one answer the view polls while it is open. Who may see
// it is the investments' own rule (owner or admin, anyone else's id a 404); its transactions are
// those the viewer owned when they closed (an admin's: all), the rule of the statements.
//
// Nothing new is decided here. A closed cycle is what its transaction says (lots, volume-weighted
// entry, exit, profit); while it was open its P/L at a price p is lots × (p − entry) × contract
// size, in EUR at the day's fx(d) (engine.md section 1), the sum the bot books at its close. The
// open cycle's positions are the bot's filled entries (bot_orders), each at its own fill.
import {
  INVESTMENT_CHART_MAX_POINTS,
  INVESTMENT_CHART_MAX_TRANSACTIONS,
  INVESTMENT_MESSAGES,
  type ChartMarker,
  type InvestmentChart,
  type InvestmentChartQuery,
  type OpenPosition,
} from '@platform/contracts';
import type { TransactionRow } from '@platform/db';
import { fallbackFx, fxFromCloses, utcDay, type FxCurve } from '@platform/engine';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { InstrumentsService } from '../instruments/instruments.service';
import { loadFxCloses } from '../marketdata/fx-closes';
import type { PriceHistory } from '../marketdata/price-history';
import { toTransaction } from '../transactions/transactions.service';
import { mergeBars, type ChartPrices, type PriceColumns } from './chart-prices';
import type { CycleScope, InvestmentChartRepository } from './investment-chart.repository';
import type { InvestmentsService } from './investments.service';
import { ownerScope, type Viewer } from '../../lib/policy';

const cents = (value: number) => Math.round(value * 100) / 100;

/** A position held, closed (a transaction) or still open (a filled entry): what equity is made of. */
interface Holding {
  openedAt: number;
  /** Infinity while it is open. */
  closedAt: number;
  lots: number;
  entry: number;
}

export class InvestmentChartService {
  constructor(
    private readonly investments: InvestmentsService,
    private readonly repository: InvestmentChartRepository,
    private readonly instruments: InstrumentsService,
    private readonly history: PriceHistory,
    private readonly prices: ChartPrices,
    private readonly clock: Clock,
  ) {}

  async chart(viewer: Viewer, investmentId: string, query: InvestmentChartQuery): Promise<InvestmentChart> {
    const investment = await this.investments.get(viewer, investmentId);
    const subject = await this.repository.subject(investmentId);
    if (!subject) throw notFound(INVESTMENT_MESSAGES.notFound);
    const scope: CycleScope = { investmentId, ownerId: ownerScope(viewer) };

    const to = query.to ? Date.parse(query.to) : this.clock.now().getTime();
    const firstTrade = query.from ? null : await this.repository.firstOpenedAt(scope);
    const from = query.from
      ? Date.parse(query.from)
      : Math.min(subject.createdAt.getTime(), firstTrade?.getTime() ?? Number.POSITIVE_INFINITY, to - 1);

    const [cycles, before, entries, instrument, fx, bars] = await Promise.all([
      this.repository.cyclesIn(scope, new Date(from), new Date(to)),
      this.repository.profitBefore(scope, new Date(from)),
      this.repository.openEntries(investmentId),
      this.instruments.get(subject.market),
      this.fxCurve(),
      this.prices.bars(subject.market, from, to),
    ]);
    const chartBars = mergeBars(bars, INVESTMENT_CHART_MAX_POINTS);
    const lastPrice = bars.c.length > 0 ? (bars.c[bars.c.length - 1] as number) : null;
    const eurPerPoint = (time: number) => instrument.contractSize / fx.rateOnDay(utcDay(time));

    const open = entries.map((entry) => ({
      id: entry.id,
      level: entry.level ?? 0,
      lots: entry.lots,
      price: entry.fillPrice ?? entry.bid,
      openedAt: (entry.confirmedAt ?? entry.createdAt).getTime(),
    }));
    const openPositions: OpenPosition[] = open.map((position) => ({
      id: position.id,
      level: position.level,
      lots: position.lots,
      price: position.price,
      openedAt: new Date(position.openedAt).toISOString(),
      profitLoss:
        lastPrice === null ? null : cents(position.lots * (lastPrice - position.price) * eurPerPoint(to)),
    }));
    const openPnl = openPositions.reduce((sum, position) => sum + (position.profitLoss ?? 0), 0);
    const closedByEnd = cycles.filter((cycle) => cycle.closedAt.getTime() <= to);
    const profit = before + closedByEnd.reduce((sum, cycle) => sum + cycle.profitLoss, 0);

    // The newest cycles are drawn and listed; equity counts every one.
    const shown = cycles.slice(-INVESTMENT_CHART_MAX_TRANSACTIONS);
    const holdings: Holding[] = [
      ...cycles.map((cycle) => ({
        openedAt: cycle.openedAt.getTime(),
        closedAt: cycle.closedAt.getTime(),
        lots: cycle.lots,
        entry: cycle.entryPrice,
      })),
      ...open.map((position) => ({
        openedAt: position.openedAt,
        closedAt: Number.POSITIVE_INFINITY,
        lots: position.lots,
        entry: position.price,
      })),
    ];

    return {
      investmentId,
      market: subject.market,
      capital: investment.capital,
      from,
      to,
      bars: { time: chartBars.t, open: chartBars.o, high: chartBars.h, low: chartBars.l, close: chartBars.c },
      markers: markersOf(shown, open),
      equity: equityCurve({
        capital: investment.capital,
        before,
        cycles,
        holdings,
        bars: chartBars,
        to,
        eurPerPoint,
      }),
      openPositions,
      transactions: shown.map(toTransaction).reverse(),
      transactionCount: cycles.length,
      profit: cents(profit),
      openPnl: cents(openPnl),
      lastPrice,
    };
  }

  private async fxCurve(): Promise<FxCurve> {
    const closes = await loadFxCloses(this.history);
    return closes ? fxFromCloses(closes.t, closes.c) : fallbackFx();
  }
}

/** An entry and an exit per closed cycle, an entry per open position; oldest first. */
export function markersOf(
  cycles: readonly TransactionRow[],
  open: readonly { openedAt: number; price: number; lots: number }[],
): ChartMarker[] {
  const markers: ChartMarker[] = [];
  for (const cycle of cycles) {
    const common = { lots: cycle.lots, transactionId: cycle.id };
    markers.push(
      { ...common, kind: 'entry', time: cycle.openedAt.getTime(), price: cycle.entryPrice, reason: null },
      {
        ...common,
        kind: 'exit',
        time: cycle.closedAt.getTime(),
        price: cycle.exitPrice,
        reason: cycle.reason,
      },
    );
  }
  for (const position of open)
    markers.push({
      kind: 'entry',
      time: position.openedAt,
      price: position.price,
      lots: position.lots,
      reason: null,
      transactionId: null,
    });
  return markers.sort((a, b) => a.time - b.time);
}

interface EquityInput {
  capital: number;
  /** EUR closed before the period. */
  before: number;
  /** The period's closed cycles, oldest close first. */
  cycles: readonly TransactionRow[];
  holdings: readonly Holding[];
  bars: PriceColumns;
  to: number;
  /** EUR per price point and lot at a moment (contract size / fx of its day). */
  eurPerPoint: (time: number) => number;
}

/**
 * A point per bar, at the bar's end (the next bar's start, the period's end for the last): the
 * balance counts the cycles closed by then, the equity adds what the holdings open then were
 * worth at the bar's close. With no price known, a point per closed cycle (and the period's end),
 * where nothing open can be valued: equity is the balance.
 */
export function equityCurve(input: EquityInput): InvestmentChart['equity'] {
  const { bars, cycles } = input;
  const time: number[] = [];
  const balance: number[] = [];
  const equity: number[] = [];
  let realised = input.capital + input.before;
  let closed = 0;
  const closeUpTo = (moment: number) => {
    while (closed < cycles.length && (cycles[closed] as TransactionRow).closedAt.getTime() <= moment) {
      realised += (cycles[closed] as TransactionRow).profitLoss;
      closed++;
    }
  };

  if (bars.t.length === 0) {
    const moments = [
      ...cycles.map((cycle) => cycle.closedAt.getTime()).filter((moment) => moment <= input.to),
      input.to,
    ];
    const step = Math.max(1, Math.ceil(moments.length / INVESTMENT_CHART_MAX_POINTS));
    moments.forEach((moment, index) => {
      if (index % step !== 0 && index !== moments.length - 1) return;
      closeUpTo(moment);
      time.push(moment);
      balance.push(cents(realised));
      equity.push(cents(realised));
    });
    return { time, balance, equity };
  }

  // The holdings come in the order of their closes, and a bot's cycles follow one another: those
  // closed by a bar's end are behind every later bar's, and none past the first opened after it is open.
  const { holdings } = input;
  let held = 0;
  for (let index = 0; index < bars.t.length; index++) {
    const end =
      index + 1 < bars.t.length ? (bars.t[index + 1] as number) : Math.max(input.to, bars.t[index] as number);
    const close = bars.c[index] as number;
    closeUpTo(end);
    while (held < holdings.length && (holdings[held] as Holding).closedAt <= end) held++;
    let floating = 0;
    for (let next = held; next < holdings.length; next++) {
      const holding = holdings[next] as Holding;
      if (holding.openedAt > end) break;
      floating += holding.lots * (close - holding.entry);
    }
    time.push(bars.t[index] as number);
    balance.push(cents(realised));
    equity.push(cents(realised + floating * input.eurPerPoint(end)));
  }
  return { time, balance, equity };
}
