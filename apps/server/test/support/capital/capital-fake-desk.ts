// One account's dealing at the Capital.com fake: its positions and working orders, the deals that
// open, amend and close them (spec/capital-api.md sections 5 to 8), their confirmations and the
// activity history. A refused deal is a REJECTED confirmation and a REJECTED activity row with the
// deal's details, as a client that ignores the status would misread them.
import { randomUUID } from 'node:crypto';
import { type BookActions, type PathMove, walkPath } from './capital-fake-book';
import {
  type Body,
  type LevelChange,
  bodyOf,
  directionOf,
  goodTillDateOf,
  isOnRightSide,
  isRefusal,
  levelChange,
  sizeRefusal,
  stopAndProfitRefusal,
  unmodelledRefusal,
} from './capital-fake-rules';
import {
  type ActivitySource,
  type ConfirmBase,
  type Direction,
  type FakeActivity,
  type FakePosition,
  type FakeWorkingOrder,
  type MarketMoment,
  type Reply,
  confirmBase,
  newDealId,
  ok,
  refuse,
  rejectedConfirm,
} from './capital-fake-shapes';

export interface DeskPorts {
  /** The business clock. */
  now(): number;
  /** The market of the epic as it is now, or undefined for an unknown epic. */
  moment(epic: string): MarketMoment | undefined;
  /** The refusal a test scripted for the next deal (rejectNextDeal), taken by the deal that uses it. */
  takeScriptedRefusal(): string | undefined;
}

interface CheckedDeal {
  moment: MarketMoment;
  direction: Direction;
  size: number;
  stopLevel: LevelChange;
  profitLevel: LevelChange;
}

const opposite = (direction: Direction): Direction => (direction === 'BUY' ? 'SELL' : 'BUY');
/** What a deal in this direction pays now: a buy the offer, a sell the bid. */
const priceFor = (direction: Direction, { market }: MarketMoment) =>
  direction === 'BUY' ? market.offer : market.bid;

export class FakeDesk {
  positions: FakePosition[] = [];
  workingOrders: FakeWorkingOrder[] = [];
  readonly confirms = new Map<string, object>();
  readonly activities: FakeActivity[] = [];
  readonly #ports: DeskPorts;

  constructor(ports: DeskPorts) {
    this.#ports = ports;
  }

  openPosition(rawBody: unknown): Reply {
    const body = bodyOf(rawBody);
    const checked = this.#checkDeal(body);
    if ('refused' in checked) return checked.refused;
    const { moment, direction, size, stopLevel, profitLevel } = checked;
    const stopsRefused = stopAndProfitRefusal(
      moment.market,
      direction,
      { stopLevel, profitLevel },
      moment.market,
    );
    if (stopsRefused) return refuse(400, stopsRefused);
    const dealReference = `o_${randomUUID()}`;
    const base = this.#confirmBase(moment.market.epic, dealReference, size, direction);
    const level = priceFor(direction, moment);
    const refusal = this.#refusalFor(moment);
    if (refusal) {
      this.#reject(base, refusal, { type: 'POSITION', level, marketName: moment.market.instrumentName });
      return ok({ dealReference });
    }
    const position: FakePosition = {
      dealId: newDealId(),
      epic: moment.market.epic,
      direction,
      size,
      level,
      createdAt: this.#ports.now(),
      ...attachedLevels({ stopLevel, profitLevel }),
    };
    this.positions.push(position);
    this.#record({ ...this.#rowOf(position), type: 'POSITION', source: 'USER' });
    this.confirms.set(dealReference, {
      ...base,
      status: 'OPEN',
      reason: 'SUCCESS',
      dealStatus: 'ACCEPTED',
      affectedDeals: [{ dealId: position.dealId, status: 'OPENED' }],
      level,
      ...attachedLevels(position),
    });
    return ok({ dealReference });
  }

  closePosition(dealId: string): Reply {
    const position = this.positions.find((held) => held.dealId === dealId);
    if (!position) return refuse(404, 'error.not-found.dealId');
    const moment = this.#ports.moment(position.epic);
    const dealReference = `p_${randomUUID()}`;
    const closing = opposite(position.direction);
    const base = this.#confirmBase(position.epic, dealReference, position.size, closing);
    const refusal = this.#refusalFor(moment);
    if (refusal || !moment) {
      this.#reject({ ...base, dealId }, refusal ?? 'MARKET_CLOSED', {
        type: 'POSITION',
        level: moment ? priceFor(closing, moment) : position.level,
        marketName: moment?.market.instrumentName ?? position.epic,
      });
      return ok({ dealReference });
    }
    const level = this.closeAt(position, priceFor(closing, moment), 'USER');
    this.confirms.set(dealReference, {
      ...base,
      status: 'CLOSED',
      reason: 'SUCCESS',
      dealStatus: 'ACCEPTED',
      affectedDeals: [{ dealId, status: 'FULLY_CLOSED' }],
      level,
      profit: (level - position.level) * position.size * (closing === 'SELL' ? 1 : -1),
      profitCurrency: 'USD',
    });
    return ok({ dealReference });
  }

  /** PUT /positions/{dealId}: the stop and profit it holds; a field left out stays as it was. */
  amendPosition(dealId: string, rawBody: unknown): Reply {
    const position = this.positions.find((held) => held.dealId === dealId);
    if (!position) return refuse(404, 'error.not-found.dealId');
    const body = bodyOf(rawBody);
    const changes = levelChanges(body);
    if (isRefusal(changes)) return refuse(400, changes.errorCode);
    const moment = this.#ports.moment(position.epic);
    if (moment) {
      const stopsRefused = stopAndProfitRefusal(moment.market, position.direction, changes, moment.market);
      if (stopsRefused) return refuse(400, stopsRefused);
    }
    const dealReference = `p_${randomUUID()}`;
    const base = {
      ...this.#confirmBase(position.epic, dealReference, position.size, position.direction),
      dealId,
    };
    const refusal = this.#refusalFor(moment);
    if (refusal || !moment) {
      this.#reject(base, refusal ?? 'MARKET_CLOSED', {
        type: 'EDIT_STOP_AND_LIMIT',
        level: position.level,
        marketName: moment?.market.instrumentName ?? position.epic,
      });
      return ok({ dealReference });
    }
    applyLevels(position, changes);
    this.#record({ ...this.#rowOf(position), type: 'EDIT_STOP_AND_LIMIT', source: 'USER' });
    this.confirms.set(dealReference, amendedConfirm(base, position.level, position));
    return ok({ dealReference });
  }

  placeWorkingOrder(rawBody: unknown): Reply {
    const body = bodyOf(rawBody);
    const checked = this.#checkDeal(body);
    if ('refused' in checked) return checked.refused;
    const { moment, direction, size, stopLevel, profitLevel } = checked;
    const type = body.type === 'LIMIT' || body.type === 'STOP' ? body.type : null;
    if (!type) return refuse(400, 'error.invalid.type');
    const level = body.level;
    if (typeof level !== 'number' || !Number.isFinite(level) || level <= 0)
      return refuse(400, 'error.invalid.level');
    const goodTillDate = goodTillDateOf(body.goodTillDate, this.#ports.now());
    if (isRefusal(goodTillDate)) return refuse(400, goodTillDate.errorCode);
    // The order's stop and profit are measured from the level it will fill at, not from the market.
    const atLevel = { bid: level, offer: level };
    const stopsRefused = stopAndProfitRefusal(moment.market, direction, { stopLevel, profitLevel }, atLevel);
    if (stopsRefused) return refuse(400, stopsRefused);
    const order: FakeWorkingOrder = {
      dealId: newDealId(),
      epic: moment.market.epic,
      direction,
      type,
      size,
      level,
      createdAt: this.#ports.now(),
      ...(goodTillDate === undefined ? {} : { goodTillDate }),
      ...attachedLevels({ stopLevel, profitLevel }),
    };
    const dealReference = `o_${randomUUID()}`;
    // The confirmation's dealId is the working order's own: that is the id GET /workingorders lists.
    const base = { ...this.#confirmBase(order.epic, dealReference, size, direction), dealId: order.dealId };
    const refusal =
      this.#refusalFor(moment) ?? (isOnRightSide(order, moment.market) ? null : 'WRONG_SIDE_OF_MARKET');
    if (refusal) {
      this.#reject(base, refusal, { type: 'WORKING_ORDER', level, marketName: moment.market.instrumentName });
      return ok({ dealReference });
    }
    this.workingOrders.push(order);
    this.#record({ ...this.#rowOf(order), type: 'WORKING_ORDER', source: 'USER' });
    this.confirms.set(dealReference, {
      ...base,
      status: 'OPEN',
      reason: 'SUCCESS',
      dealStatus: 'ACCEPTED',
      affectedDeals: [{ dealId: order.dealId, status: 'OPENED' }],
      level,
      ...attachedLevels(order),
    });
    return ok({ dealReference });
  }

  /** PUT /workingorders/{dealId}: level, goodTillDate, stop and profit; a field left out stays. */
  amendWorkingOrder(dealId: string, rawBody: unknown): Reply {
    const order = this.workingOrders.find((waiting) => waiting.dealId === dealId);
    if (!order) return refuse(404, 'error.not-found.dealId');
    const body = bodyOf(rawBody);
    const changes = levelChanges(body);
    if (isRefusal(changes)) return refuse(400, changes.errorCode);
    const level = body.level ?? order.level;
    if (typeof level !== 'number' || !Number.isFinite(level) || level <= 0)
      return refuse(400, 'error.invalid.level');
    const goodTillDate = goodTillDateOf(body.goodTillDate, this.#ports.now());
    if (isRefusal(goodTillDate)) return refuse(400, goodTillDate.errorCode);
    const amended: FakeWorkingOrder = {
      ...order,
      level,
      ...(goodTillDate === undefined ? {} : { goodTillDate }),
    };
    applyLevels(amended, changes);
    const moment = this.#ports.moment(order.epic);
    if (moment) {
      const atLevel = { bid: level, offer: level };
      const stopsRefused = stopAndProfitRefusal(moment.market, order.direction, amended, atLevel);
      if (stopsRefused) return refuse(400, stopsRefused);
    }
    const dealReference = `o_${randomUUID()}`;
    const base = { ...this.#confirmBase(order.epic, dealReference, order.size, order.direction), dealId };
    const refusal =
      this.#refusalFor(moment) ??
      (moment && !isOnRightSide(amended, moment.market) ? 'WRONG_SIDE_OF_MARKET' : null);
    if (refusal || !moment) {
      this.#reject(base, refusal ?? 'MARKET_CLOSED', {
        type: 'WORKING_ORDER',
        level,
        marketName: moment?.market.instrumentName ?? order.epic,
      });
      return ok({ dealReference });
    }
    this.workingOrders = this.workingOrders.map((waiting) => (waiting === order ? amended : waiting));
    this.#record({ ...this.#rowOf(amended), type: 'WORKING_ORDER', source: 'USER' });
    this.confirms.set(dealReference, amendedConfirm(base, amended.level, amended));
    return ok({ dealReference });
  }

  deleteWorkingOrder(dealId: string): Reply {
    const order = this.workingOrders.find((waiting) => waiting.dealId === dealId);
    if (!order) return refuse(404, 'error.not-found.dealId');
    const moment = this.#ports.moment(order.epic);
    const dealReference = `o_${randomUUID()}`;
    const base = { ...this.#confirmBase(order.epic, dealReference, order.size, order.direction), dealId };
    const refusal = this.#refusalFor(moment);
    if (refusal || !moment) {
      this.#reject(base, refusal ?? 'MARKET_CLOSED', {
        type: 'WORKING_ORDER',
        level: order.level,
        marketName: moment?.market.instrumentName ?? order.epic,
      });
      return ok({ dealReference });
    }
    this.workingOrders = this.workingOrders.filter((waiting) => waiting !== order);
    this.#record({ ...this.#rowOf(order), type: 'WORKING_ORDER', source: 'USER' });
    this.confirms.set(dealReference, {
      ...base,
      status: 'DELETED',
      reason: 'SUCCESS',
      dealStatus: 'ACCEPTED',
      affectedDeals: [{ dealId, status: 'DELETED' }],
      level: order.level,
    });
    return ok({ dealReference });
  }

  /** Working orders whose goodTillDate has come go, each with an EXPIRED row. */
  expireWorkingOrders(): void {
    const now = this.#ports.now();
    const lapsed = this.workingOrders.filter(
      (order) => order.goodTillDate !== undefined && order.goodTillDate <= now,
    );
    if (lapsed.length === 0) return;
    this.workingOrders = this.workingOrders.filter((order) => !lapsed.includes(order));
    for (const order of lapsed) {
      this.#record({ ...this.#rowOf(order), type: 'WORKING_ORDER', status: 'EXPIRED', source: 'SYSTEM' });
    }
  }

  /** Fills, stops and takes profit along the move of the epic's price (capital-fake-book.ts). */
  movePrice(epic: string, move: PathMove): void {
    const actions: BookActions = {
      fill: (order, price) => this.#fill(order, price),
      close: (position, price, source) => this.closeAt(position, price, source),
    };
    const resting = () => ({
      positions: this.positions.filter((position) => position.epic === epic),
      orders: this.workingOrders.filter((order) => order.epic === epic),
    });
    walkPath(move, resting, actions);
  }

  /** Takes the position off the list at `level` and records the close; answers the level. */
  closeAt(position: FakePosition, level: number, source: ActivitySource): number {
    this.positions = this.positions.filter((held) => held !== position);
    this.#record({
      ...this.#rowOf(position),
      direction: opposite(position.direction),
      level,
      type: 'POSITION',
      source,
    });
    return level;
  }

  /**
   * The working order becomes a position with its size, stop and profit. The broker deals, not the
   * client: both rows carry source SYSTEM, the one value of the documented enum for that.
   */
  #fill(order: FakeWorkingOrder, level: number): void {
    this.workingOrders = this.workingOrders.filter((waiting) => waiting !== order);
    const position: FakePosition = {
      dealId: newDealId(),
      epic: order.epic,
      direction: order.direction,
      size: order.size,
      level,
      createdAt: this.#ports.now(),
      workingOrderId: order.dealId,
      ...attachedLevels(order),
    };
    this.positions.push(position);
    this.#record({
      ...this.#rowOf(order),
      level,
      type: 'WORKING_ORDER',
      status: 'EXECUTED',
      source: 'SYSTEM',
    });
    this.#record({ ...this.#rowOf(position), type: 'POSITION', source: 'SYSTEM' });
  }

  /** The fields POST /positions and /workingorders share, checked in the order the service answers. */
  #checkDeal(body: Body): CheckedDeal | { refused: Reply } {
    const refused = (status: number, errorCode: string) => ({ refused: refuse(status, errorCode) });
    const { epic } = body;
    if (typeof epic !== 'string' || epic === '') return refused(400, 'error.null.epic');
    const direction = directionOf(body.direction);
    if (!direction) return refused(400, 'error.invalid.direction');
    const moment = this.#ports.moment(epic);
    if (!moment) return refused(404, 'error.not-found.epic');
    const unmodelled = unmodelledRefusal(body);
    if (unmodelled) return refused(400, unmodelled);
    const sizeRefused = sizeRefusal(moment.market, body.size);
    if (sizeRefused) return refused(400, sizeRefused);
    const changes = levelChanges(body);
    if (isRefusal(changes)) return refused(400, changes.errorCode);
    // sizeRefusal passed only a finite number.
    return { moment, direction, size: body.size as number, ...changes };
  }

  /** A refusal the test scripted, or MARKET_CLOSED when the market does not deal now. */
  #refusalFor(moment: MarketMoment | undefined): string | null {
    return this.#ports.takeScriptedRefusal() ?? (moment?.status === 'TRADEABLE' ? null : 'MARKET_CLOSED');
  }

  #confirmBase(epic: string, dealReference: string, size: number, direction: Direction): ConfirmBase {
    return confirmBase(epic, dealReference, size, direction, this.#ports.now());
  }

  /** A REJECTED confirmation, and a REJECTED activity row carrying the refused deal's details. */
  #reject(
    base: ConfirmBase,
    reason: string,
    row: { type: NonNullable<FakeActivity['type']>; level: number; marketName: string },
  ): void {
    this.confirms.set(base.dealReference, rejectedConfirm(base, reason));
    this.#record({
      at: this.#ports.now(),
      epic: base.epic,
      dealId: base.dealId,
      direction: base.direction,
      size: base.size,
      status: 'REJECTED',
      source: 'USER',
      ...row,
    });
  }

  #rowOf(deal: FakePosition | FakeWorkingOrder): FakeActivity {
    return {
      at: this.#ports.now(),
      epic: deal.epic,
      dealId: deal.dealId,
      direction: deal.direction,
      size: deal.size,
      level: deal.level,
      marketName: this.#ports.moment(deal.epic)?.market.instrumentName ?? deal.epic,
    };
  }

  #record(activity: FakeActivity): void {
    this.activities.push(activity);
  }
}

function levelChanges(
  body: Body,
): { stopLevel: LevelChange; profitLevel: LevelChange } | { errorCode: string } {
  const stopLevel = levelChange(body, 'stopLevel');
  if (isRefusal(stopLevel)) return stopLevel;
  const profitLevel = levelChange(body, 'profitLevel');
  if (isRefusal(profitLevel)) return profitLevel;
  return { stopLevel, profitLevel };
}

/** Sets the levels given, clears those sent as null, keeps those left out. */
function applyLevels(
  deal: { stopLevel?: number; profitLevel?: number },
  changes: { stopLevel: LevelChange; profitLevel: LevelChange },
): void {
  for (const field of ['stopLevel', 'profitLevel'] as const) {
    const change = changes[field];
    if (change === null) delete deal[field];
    else if (change !== undefined) deal[field] = change;
  }
}

/** The stop and profit that are set, as fields; those absent or cleared are left out. */
const attachedLevels = ({
  stopLevel,
  profitLevel,
}: {
  stopLevel?: number | null;
  profitLevel?: number | null;
}) => ({
  ...(typeof stopLevel === 'number' ? { stopLevel } : {}),
  ...(typeof profitLevel === 'number' ? { profitLevel } : {}),
});

function amendedConfirm(
  base: ConfirmBase,
  level: number,
  deal: { stopLevel?: number; profitLevel?: number },
) {
  return {
    ...base,
    status: 'AMENDED',
    reason: 'SUCCESS',
    dealStatus: 'ACCEPTED',
    affectedDeals: [{ dealId: base.dealId, status: 'AMENDED' }],
    level,
    ...attachedLevels(deal),
  };
}
