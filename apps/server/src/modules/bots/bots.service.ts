// The server's side of the bots: what a bot process is told at start (its grid, its broker, its
// open cycle) and what it writes through the hub. Every call names the investment the hub
// authenticated, so a bot reads and writes only its own rows.
import { INVESTMENT_RUNNING, INVESTMENT_STOPPED, type Market } from '@platform/contracts';
import type { PaperPositionRow } from '@platform/db';
import { fxFromCloses, utcDay } from '@platform/engine';
import type { BrokerExit, BrokerPosition } from '../../bots/brokers/broker';
import type {
  BotSetup,
  CapitalAccountSecrets,
  ClosedCycleRecord,
  FxTable,
  OrderRecord,
} from '../../bots/protocol/hub-protocol';
import { loadFxCloses } from '../marketdata/fx-closes';
import type { PriceHistory } from '../marketdata/price-history';
import type { Clock } from '../../lib/clock';
import type { InstrumentsService } from '../instruments/instruments.service';
import type { AuditTrail } from '../logs/logs.service';
import { BOT_MESSAGES } from '../../bots/protocol/bot-messages';
import { noBotEvents, type BotEvents } from './bot-events';
import { liveGridParams } from './live-grid-params';
import { WriteBatch } from './write-batch';
import type { BotsRepository, ClosingCycle, NewOrder } from './bots.repository';

type ConfirmedOrder = Parameters<BotsRepository['confirmOrders']>[0][number];
type NewPaperPosition = Parameters<BotsRepository['openPaper']>[0][number];

export interface BotsServiceOptions {
  /** Demo accounts trade on the paper broker unless this is 'capital' (DESIGN.md section 7). */
  demoBroker: 'paper' | 'capital';
}

/** Process names come from a socket: anything but an id is unknown, not a database error. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long an fx table is reused before the stored EURUSD closes are read again. */
const FX_TABLE_TTL_MS = 10 * 60_000;

export class BotNotRunnableError extends Error {}

export class BotsService {
  private fxCache: { table: FxTable; at: number } | null = null;
  // Many bots decide on the same price: their intents, paper positions, confirmations and closed
  // cycles are each written in one statement (one transaction for the cycles).
  private readonly intents = new WriteBatch<NewOrder>((orders) => this.repository.insertOrders(orders));
  private readonly confirmations = new WriteBatch<ConfirmedOrder>((rows) =>
    this.repository.confirmOrders(rows),
  );
  private readonly closedCycles = new WriteBatch<ClosingCycle, boolean>((cycles) =>
    this.repository.closeCycles(cycles),
  );
  private readonly paperOpens = new WriteBatch<NewPaperPosition, PaperPositionRow | null>((positions) =>
    this.repository.openPaper(positions),
  );

  constructor(
    private readonly repository: BotsRepository,
    private readonly instruments: InstrumentsService,
    private readonly prices: PriceHistory,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
    private readonly options: BotsServiceOptions,
    private readonly events: BotEvents = noBotEvents,
  ) {}

  runningInvestmentIds(): Promise<string[]> {
    return this.repository.runningInvestmentIds();
  }

  /** The monitoring view's stop and restart (audited by the gateway); an investment being deleted stays as it is. */
  setRunning(investmentId: string, running: boolean): Promise<boolean> {
    if (!UUID.test(investmentId)) return Promise.resolve(false);
    return this.repository.setRunning(investmentId, running ? INVESTMENT_RUNNING : INVESTMENT_STOPPED);
  }

  /** Whether the investment is in state 1 (its bot should trade). */
  async isRunning(investmentId: string): Promise<boolean> {
    return (await this.repository.findInvestment(investmentId))?.investment.isRunning === INVESTMENT_RUNNING;
  }

  investmentIdsOfAccount(accountId: string): Promise<string[]> {
    return this.repository.investmentIdsOfAccount(accountId);
  }

  async setup(investmentId: string): Promise<BotSetup> {
    const found = await this.repository.findInvestment(investmentId);
    if (!found || found.investment.isRunning !== INVESTMENT_RUNNING)
      throw new BotNotRunnableError('investment not running');
    const { investment, account, algorithm } = found;
    const instrument = await this.instruments.get(algorithm.market);
    const params = liveGridParams(investment, algorithm);
    const paper = account.isDemo && this.options.demoBroker === 'paper';
    return {
      investmentId,
      market: algorithm.market,
      params,
      instrument: {
        point: instrument.point,
        contractSize: instrument.contractSize,
        spreadPoints: instrument.spreadPoints,
      },
      maxLots: Math.round(investment.maxContracts * 100),
      fx: await this.fxTable(),
      broker: paper ? { kind: 'paper' } : { kind: 'capital', demo: account.isDemo, accountRowId: account.id },
      realisedEur: await this.repository.realisedEur(investmentId),
      openOrders: (await this.repository.openOrders(investmentId)).map(toOrderRecord),
    };
  }

  /** The credentials of a Capital.com investment's account, still encrypted: the hub's link opens them. */
  async capitalAccount(investmentId: string): Promise<CapitalAccountSecrets> {
    const found = await this.repository.findInvestment(investmentId);
    if (!found) throw new BotNotRunnableError('investment gone');
    const { account } = found;
    return {
      accountRowId: account.id,
      demo: account.isDemo,
      identifier: account.usernameEncrypted,
      password: account.passwordEncrypted,
      apiKey: account.apikeyEncrypted,
    };
  }

  async recordIntent(investmentId: string, order: OrderRecord): Promise<void> {
    await this.intents.add({
      ...order,
      investmentId,
      status: 'intent',
      orderType: order.orderType ?? 'market',
      limitLevel: order.limitLevel ?? null,
      dealReference: null,
      workingOrderId: null,
      dealId: null,
      fillPrice: null,
      stopLevel: null,
      createdAt: new Date(order.createdAt),
    });
  }

  /** The broker's reference of the request that sent an order, written the moment it answered. */
  async sent(investmentId: string, id: string, dealReference: string): Promise<void> {
    await this.repository.updateOrder(id, investmentId, { dealReference });
  }

  /** The order rests at the broker as this working order. */
  async working(investmentId: string, id: string, workingOrderId: string): Promise<void> {
    await this.repository.updateOrder(id, investmentId, { status: 'working', workingOrderId });
  }

  async confirm(
    investmentId: string,
    id: string,
    dealId: string,
    fillPrice: number,
    stopLevel: number | null = null,
  ): Promise<void> {
    await this.confirmations.add({ id, investmentId, dealId, fillPrice, stopLevel });
    this.events.filled(investmentId, id, fillPrice);
  }

  /** A working order taken back unfilled. */
  async cancel(investmentId: string, id: string): Promise<void> {
    await this.repository.settleOrder(id, investmentId, { status: 'cancelled' });
  }

  async fail(investmentId: string, id: string, message: string): Promise<void> {
    await this.repository.settleOrder(id, investmentId, { status: 'failed', message });
  }

  /**
   * Why a running bot waits (a closed market, an outcome being settled), or null: shown on the
   * investment. A closed market's calendar reopening (ms), when known, goes to the listeners.
   */
  async note(investmentId: string, message: string | null, reopensAt: number | null = null): Promise<void> {
    await this.repository.noteRunning(investmentId, message);
    this.events.paused(investmentId, this.clock.now(), message, reopensAt);
  }

  /** The broker holds a position's stop elsewhere than the cycle's: recorded on the order and audited. */
  async stopAdjusted(investmentId: string, id: string, requested: number, held: number): Promise<void> {
    await this.repository.updateOrder(id, investmentId, { stopLevel: held });
    await this.audit.record({
      action: 'BOT_STOP_ADJUSTED',
      description: BOT_MESSAGES.stopAdjusted(requested, held),
      userId: (await this.repository.ownerOf(investmentId)) ?? null,
      metadata: { investmentId, orderId: id, requested, held },
    });
  }

  async closeCycle(investmentId: string, market: Market, record: ClosedCycleRecord): Promise<void> {
    const written = await this.closedCycles.add({
      closeId: record.closeId,
      investmentId,
      transaction: {
        market,
        lots: record.lots,
        entryPrice: record.entryPrice,
        exitPrice: record.exitPrice,
        reason: record.reason,
        openedAt: new Date(record.openedAt),
        closedAt: new Date(record.closedAt),
        profitLoss: record.profitLoss,
      },
    });
    if (!written) throw new BotNotRunnableError('investment gone');
    this.events.cycleClosed(investmentId);
  }

  /** The bot cannot go on: state 2 with its reason, in the audit log too. */
  async halt(investmentId: string, message: string): Promise<void> {
    const failedAt = await this.repository.markFailed(investmentId, message);
    if (failedAt) this.events.halted(investmentId, failedAt, message);
    const userId = await this.repository.ownerOf(investmentId);
    await this.audit.record({
      action: 'BOT_HALTED',
      description: `Bot fermato: ${message}`,
      userId: userId ?? null,
      metadata: { investmentId },
    });
  }

  // The paper broker's book.

  async openPaper(
    investmentId: string,
    position: { dealId: string; clientRef: string; lots: number; level: number; openedAt: number },
  ): Promise<BrokerPosition> {
    const row = await this.paperOpens.add({
      investmentId,
      dealId: position.dealId,
      clientRef: position.clientRef,
      lots: position.lots,
      level: position.level,
      openedAt: new Date(position.openedAt),
    });
    if (!row) throw new BotNotRunnableError('client reference of another bot');
    return {
      dealId: row.dealId,
      clientRef: row.clientRef,
      lots: row.lots,
      level: row.level,
      openedAt: row.openedAt,
    };
  }

  async closePaper(investmentId: string, dealId: string, level: number, at: number): Promise<BrokerExit> {
    const row = await this.repository.closePaper(investmentId, dealId, level, new Date(at));
    if (!row) throw new BotNotRunnableError(`no open paper position ${dealId}`);
    return { dealId, level, closedAt: new Date(at) };
  }

  async paperPositions(investmentId: string): Promise<BrokerPosition[]> {
    return (await this.repository.openPaperPositions(investmentId)).map((row) => ({
      dealId: row.dealId,
      clientRef: row.clientRef,
      lots: row.lots,
      level: row.level,
      openedAt: row.openedAt,
    }));
  }

  async findPaper(investmentId: string, clientRef: string): Promise<BrokerPosition | null> {
    const row = await this.repository.findPaper(investmentId, clientRef);
    return row
      ? {
          dealId: row.dealId,
          clientRef: row.clientRef,
          lots: row.lots,
          level: row.level,
          openedAt: row.openedAt,
        }
      : null;
  }

  /** fx(d) over the days of the stored EURUSD closes and the day after (engine.md section 1); empty: 1.0. */
  private async fxTable(): Promise<FxTable> {
    const now = this.clock.now().getTime();
    if (this.fxCache && now - this.fxCache.at < FX_TABLE_TTL_MS) return this.fxCache.table;
    const closes = await loadFxCloses(this.prices);
    let table: FxTable = { firstDay: 0, rates: [] };
    if (closes) {
      const curve = fxFromCloses(closes.t, closes.c);
      const firstDay = utcDay(closes.t[0] as number);
      const lastDay = utcDay(closes.t[closes.t.length - 1] as number) + 1;
      table = {
        firstDay,
        rates: Array.from({ length: lastDay - firstDay + 1 }, (_, day) => curve.rateOnDay(firstDay + day)),
      };
    }
    this.fxCache = { table, at: now };
    return table;
  }
}

function toOrderRecord(row: Awaited<ReturnType<BotsRepository['openOrders']>>[number]): OrderRecord {
  return {
    id: row.id,
    cycleId: row.cycleId,
    kind: row.kind,
    level: row.level,
    reason: row.reason,
    lots: row.lots,
    bid: row.bid,
    referencePrice: row.referencePrice,
    scale: row.scale,
    status: row.status,
    dealId: row.dealId,
    fillPrice: row.fillPrice,
    createdAt: row.createdAt.getTime(),
    orderType: row.orderType,
    limitLevel: row.limitLevel,
    dealReference: row.dealReference,
    workingOrderId: row.workingOrderId,
    stopLevel: row.stopLevel,
  };
}
