// What the hub accepts from a bot, call by call (hub-protocol.ts): a bot is a process of ours, but
// the channel is a socket, and a line that is not what its method says (a bug, another program on
// loopback) must be refused before it reaches the database, not cast. Each schema is typed by the
// call it parses, so a protocol change that forgets it does not compile.
import * as z from 'zod';
import type { HubCalls, HubMethod } from './hub-protocol';

const id = z.uuid();
const price = z.number().finite();
const nullablePrice = price.nullable();
const lots = z.number().finite().positive();
const time = z.number().finite();
const reason = z.enum(['take-profit', 'stop', 'close']);
/**
 * A period's latencies: a bot decides a few thousand orders a minute at most. A price stamped by
 * the broker's clock may come from a clock ahead of ours, so a figure may be below zero.
 */
const millis = z.array(z.number().finite()).max(100_000);

const orderRecord = z.object({
  id,
  cycleId: id,
  kind: z.enum(['open', 'close']),
  level: z.number().int().min(0).nullable(),
  reason: reason.nullable(),
  lots,
  bid: price,
  referencePrice: price,
  scale: z.number().finite().min(0),
  status: z.enum(['intent', 'working', 'filled', 'failed', 'cancelled']),
  dealId: z.string().nullable(),
  fillPrice: nullablePrice,
  createdAt: time,
  orderType: z.enum(['market', 'limit']).optional(),
  limitLevel: nullablePrice.optional(),
  dealReference: z.string().nullable().optional(),
  workingOrderId: z.string().nullable().optional(),
  stopLevel: nullablePrice.optional(),
});

const position = z.object({
  dealId: z.string().min(1),
  clientRef: z.string().min(1),
  lots,
  level: price,
  openedAt: time,
  stopLevel: nullablePrice.optional(),
  profitLevel: nullablePrice.optional(),
});

const message = z.string().min(1).max(2_000);
const none = z.object({}).strict();

export const HUB_CALL_PARAMS: { [M in HubMethod]: z.ZodType<HubCalls[M]['params']> } = {
  hello: z.object({ investmentId: z.string().min(1), token: z.string().min(1) }),
  intent: orderRecord,
  confirm: z.object({ id, dealId: z.string().min(1), fillPrice: price, stopLevel: nullablePrice.optional() }),
  sent: z.object({ id, dealReference: z.string().min(1).max(200) }),
  working: z.object({ id, workingOrderId: z.string().min(1).max(200) }),
  cancel: z.object({ id }),
  fail: z.object({ id, message }),
  note: z.object({
    message: message.nullable(),
    reopensAt: z.number().int().positive().nullable().default(null),
  }),
  stopAdjusted: z.object({ id, requested: price, held: price }),
  closeCycle: z.object({
    closeId: id,
    cycleId: id,
    lots: z.number().finite().min(0),
    entryPrice: price,
    exitPrice: price,
    reason,
    openedAt: time,
    closedAt: time,
    profitLoss: z.number().finite(),
  }),
  halt: z.object({ message }),
  paperOpen: position,
  paperClose: z.object({ dealId: z.string().min(1), level: price, at: time }),
  paperPositions: none,
  paperFind: z.object({ clientRef: z.string().min(1) }),
  sync: none,
  stillRunning: none,
  capital: z.object({
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
    // Capital.com's own API only: the link's base URL is the account's, the path stays under it.
    path: z.string().regex(/^\/api\/v1\/[A-Za-z0-9/_.%-]*$/),
    query: z.record(z.string(), z.string()).optional(),
    body: z.unknown().optional(),
  }),
  quotes: z.object({ epic: z.string().min(1).max(64) }),
  latency: z.object({ sent: millis, standing: millis, delivery: millis }),
};

/** A line from a bot: a call, or a notice of its quiet prices (checked where it is read). */
export const hubLineSchema = z.union([
  z.object({
    id: z.number().int().nullable(),
    method: z.enum(Object.keys(HUB_CALL_PARAMS) as [HubMethod, ...HubMethod[]]),
    params: z.unknown(),
  }),
  z.object({
    notice: z.literal('quiet'),
    after: z.number(),
    above: nullablePrice,
    below: nullablePrice,
    opensQuiet: z.boolean(),
    standing: z.unknown(),
  }),
]);
