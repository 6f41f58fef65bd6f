/**
 * A decision could not be carried out as decided (its outcome had to be settled, the market
 * closed, a working order filled on prices the bot did not decide on): the stepper starts again
 * from what the broker holds, and the rest of the price's decisions are dropped; the next price
 * decides afresh.
 */
export class Resync extends Error {}
