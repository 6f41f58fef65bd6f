// Capital.com's answers (spec/capital-api.md sections 2, 4, 5, 7, 8, 10), reduced to the fields
// the adapter reads. Every answer goes through one of these: a shape that does not fit is an
// answer nobody can act on, so it fails as 'unavailable' and the bot reconciles.
import * as z from 'zod';
import { BrokerError } from '../broker';

/**
 * Capital.com's `…UTC` fields carry no zone suffix ("2022-04-06T07:49:52.056"), and their
 * siblings without the suffix are in the account's time zone: read only the UTC ones.
 */
const utcDate = z.string().transform((text, context) => {
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
  if (Number.isNaN(date.getTime())) {
    context.addIssue({ code: 'custom', message: `not a date: ${text}` });
    return z.NEVER;
  }
  return date;
});

export const sessionTokensSchema = z.object({ cst: z.string().min(1), securityToken: z.string().min(1) });

export const dealReferenceSchema = z.object({ dealReference: z.string().min(1) });

const ruleValue = z.object({ value: z.number() });

/** A distance of the dealing rules: POINTS (taken as price units: not documented) or PERCENTAGE of the price. */
export const distanceSchema = z.object({ unit: z.enum(['POINTS', 'PERCENTAGE']), value: z.number() });
export type DealingDistance = z.infer<typeof distanceSchema>;

/** Opening hours per weekday, e.g. mon: ["00:00 - 21:59"], in `zone`. */
export const openingHoursSchema = z
  .object({ zone: z.string().optional() })
  .catchall(z.union([z.array(z.string()), z.string()]));
export type OpeningHours = z.infer<typeof openingHoursSchema>;

export const marketDetailsSchema = z.object({
  instrument: z.object({
    epic: z.string(),
    // Units of the underlying one unit of `size` stands for: the money a size of 1 makes on a move of 1.
    lotSize: z.number().positive().optional(),
    openingHours: openingHoursSchema.nullish().catch(null),
  }),
  dealingRules: z.object({
    minDealSize: ruleValue,
    maxDealSize: ruleValue.nullish(),
    // Not in Capital.com's text; its answers and third-party clients carry it.
    minSizeIncrement: ruleValue.nullish(),
    minNormalStopOrLimitDistance: distanceSchema.nullish().catch(null),
  }),
  snapshot: z.object({
    marketStatus: z.string(),
    decimalPlacesFactor: z.number().int().min(0).max(10).nullish(),
  }),
});
export type MarketDetails = z.infer<typeof marketDetailsSchema>;

export const marketSearchSchema = z.object({
  markets: z.array(z.object({ epic: z.string(), instrumentName: z.string() })),
});

export const confirmSchema = z.object({
  dealStatus: z.enum(['ACCEPTED', 'REJECTED']),
  /** The order's own id: a working order's, once accepted. */
  dealId: z.string().nullish(),
  reason: z.string().nullish(),
  // One third-party client found the cause of real refusals here rather than in `reason`.
  rejectReason: z.string().nullish(),
  affectedDeals: z.array(z.object({ dealId: z.string(), status: z.string() })).nullish(),
  level: z.number().nullish(),
  size: z.number().nullish(),
});
export type Confirm = z.infer<typeof confirmSchema>;

export const positionsSchema = z.object({
  positions: z.array(
    z.object({
      position: z.object({
        dealId: z.string(),
        size: z.number(),
        level: z.number(),
        direction: z.enum(['BUY', 'SELL']),
        createdDateUTC: utcDate,
        /** The working order it filled, when it came from one. */
        workingOrderId: z.string().nullish(),
        stopLevel: z.number().nullish(),
        profitLevel: z.number().nullish(),
      }),
      market: z.object({ epic: z.string() }),
    }),
  ),
});
export type OpenPositionRow = z.infer<typeof positionsSchema>['positions'][number];

export const workingOrdersSchema = z.object({
  workingOrders: z.array(
    z.object({
      workingOrderData: z.object({
        dealId: z.string(),
        direction: z.enum(['BUY', 'SELL']),
        epic: z.string(),
        orderSize: z.number(),
        orderLevel: z.number(),
        createdDateUTC: utcDate,
      }),
    }),
  ),
});
export type WorkingOrderRow = z.infer<
  typeof workingOrdersSchema
>['workingOrders'][number]['workingOrderData'];

export const activitySchema = z.object({
  activities: z.array(
    z.object({
      dateUTC: utcDate,
      epic: z.string(),
      dealId: z.string(),
      /** Who made the deal: USER, or the broker itself (SL: the position's stop; TP, CLOSE_OUT, …). */
      source: z.string().optional(),
      type: z.string(),
      status: z.string(),
      details: z.object({ size: z.number(), direction: z.string(), level: z.number() }).nullish(),
    }),
  ),
});

export type ActivityRow = z.infer<typeof activitySchema>['activities'][number];

export const streamFrameSchema = z.object({
  status: z.string().optional(),
  destination: z.string(),
  payload: z.unknown().optional(),
});

export const quotePayloadSchema = z.object({
  epic: z.string(),
  bid: z.number(),
  ofr: z.number(),
  timestamp: z.number(),
});

export const streamErrorPayloadSchema = z.object({ errorCode: z.string() });

/** The answer in the schema's shape, or BrokerError('unavailable') naming what was read. */
export function parseAnswer<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
  what: string,
): z.infer<Schema> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new BrokerError(`Risposta inattesa da Capital.com (${what})`, 'unavailable');
  return parsed.data;
}
