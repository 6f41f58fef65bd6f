// A restart's every case as a table: the records a bot left and what the broker holds and tells,
// and what the bot must do before it trades again.
import { describe, expect, it } from 'vitest';
import type { OutsideExit } from '../brokers/broker';
import type { OrderRecord } from '../protocol/hub-protocol';
import { planReconcile, type BrokerState } from './reconcile-plan';

const entry = (id: string, level: number, fields: Partial<OrderRecord> = {}): OrderRecord => ({
  id,
  cycleId: 'cycle-1',
  kind: 'open',
  level,
  reason: null,
  lots: 0.1,
  bid: 2000 - level,
  referencePrice: 2000,
  scale: 1,
  status: 'filled',
  dealId: `deal-${id}`,
  fillPrice: 2000.3 - level,
  createdAt: 1_000 + level,
  ...fields,
});
const close = (id: string): OrderRecord => ({
  ...entry(id, 0),
  kind: 'close',
  level: null,
  reason: 'take-profit',
  bid: 2005,
  status: 'intent',
  dealId: null,
  fillPrice: null,
});
const outside = (
  dealId: string,
  level: number,
  cause: OutsideExit['cause'],
  at: number,
): [string, OutsideExit] => [dealId, { dealId, level, cause, closedAt: new Date(at) }];
const broker = (held: string[], closes: [string, OutsideExit][] | null = []): BrokerState => ({
  held: new Set(held),
  outside: closes && new Map(closes),
});
const expectedFill = (order: OrderRecord) => order.bid + 0.3;

describe('what a restarting bot does', () => {
  it('trades on a cycle the broker still holds whole, each position with the fill its decision expected', () => {
    const [action] = planReconcile(
      [entry('a', 0), entry('b', 1)],
      broker(['deal-a', 'deal-b']),
      expectedFill,
    );
    expect(action).toMatchObject({
      kind: 'restore',
      cycle: { id: 'cycle-1', referencePrice: 2000, openedAt: 1_000 },
    });
    expect(action?.kind === 'restore' && action.cycle.positions).toEqual([
      { dealId: 'deal-a', level: 0, lots: 0.1, fill: 2000.3, expectedFill: 2000.3 },
      { dealId: 'deal-b', level: 1, lots: 0.1, fill: 1999.3, expectedFill: 1999.3 },
    ]);
  });

  it('drops a close under way for a cycle whose entry never filled, and holds no cycle', () => {
    const actions = planReconcile(
      [entry('a', 0, { status: 'failed', dealId: null }), close('c')],
      broker([]),
      expectedFill,
    );
    expect(actions).toEqual([{ kind: 'drop-close', closeId: 'c' }]);
  });

  it('finishes an interrupted close: what is held is closed now, what the broker closed keeps its level', () => {
    const [action] = planReconcile(
      [entry('a', 0), entry('b', 1), close('c')],
      broker(['deal-b'], [outside('deal-a', 2004.9, 'take-profit', 5_000)]),
      expectedFill,
    );
    expect(action).toMatchObject({
      kind: 'finish-close',
      closing: { id: 'c' },
      exits: [{ closeNow: false, level: 2004.9, cause: 'take-profit' }, { closeNow: true }],
    });
  });

  it('on the paper book a close the bot did not see finished is booked at its decided bid', () => {
    const [action] = planReconcile([entry('a', 0), close('c')], broker([], null), expectedFill);
    expect(action).toMatchObject({ kind: 'finish-close', exits: [{ closeNow: false, level: 2005 }] });
  });

  it('on the paper book positions are never closed by anyone else: the cycle goes on', () => {
    const [action] = planReconcile([entry('a', 0)], broker(['deal-a'], null), expectedFill);
    expect(action?.kind).toBe('restore');
  });

  it("writes the cycle the broker's stop closed while away as a stop, at the last exit and its time", () => {
    const [action] = planReconcile(
      [entry('a', 0), entry('b', 1)],
      broker([], [outside('deal-a', 1990, 'stop', 7_000), outside('deal-b', 1989.5, 'stop', 7_200)]),
      expectedFill,
    );
    expect(action).toMatchObject({ kind: 'closed-away', reason: 'stop', bid: 1989.5, closedAt: 7_200 });
  });

  it('a cycle closed only in part is closed whole, now, as a plain close', () => {
    const [action] = planReconcile(
      [entry('a', 0), entry('b', 1)],
      broker(['deal-b'], [outside('deal-a', 2001, 'other', 7_000)]),
      expectedFill,
    );
    expect(action).toMatchObject({
      kind: 'closed-away',
      reason: 'close',
      bid: 2001,
      closedAt: null,
      exits: [{ closeNow: false, level: 2001 }, { closeNow: true }],
    });
  });

  it('positions gone without a close the broker tells stop the bot for a person to look', () => {
    const [action] = planReconcile([entry('a', 0)], broker([], []), expectedFill);
    expect(action?.kind).toBe('closed-unknown');
  });

  it('plans each cycle of the records on its own, in their order', () => {
    const other = entry('x', 0, { cycleId: 'cycle-2', dealId: 'deal-x' });
    const actions = planReconcile([entry('a', 0), other], broker(['deal-a', 'deal-x']), expectedFill);
    expect(actions.map((action) => action.kind === 'restore' && action.cycle.id)).toEqual([
      'cycle-1',
      'cycle-2',
    ]);
  });
});
