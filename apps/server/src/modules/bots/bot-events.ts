// What the bots' side tells whoever listens (the alerts) when something an owner may want to know
// happens: a bot stopped with an error, an order filled, a cycle closed, a bot waits. A port, so modules/bots
// knows nothing of alerts, mail or webhooks; the listener owns its errors and its time, and none
// of it delays the bot's call.
export interface BotEvents {
  /** The investment went to state 2 at this moment (once per failure: a second halt reports nothing). */
  halted(investmentId: string, at: Date, reason: string): void;
  /** An order of the bot filled at the broker. */
  filled(investmentId: string, orderId: string, fillPrice: number): void;
  /** A cycle of the bot closed and was booked. */
  cycleClosed(investmentId: string): void;
  /**
   * The running bot waits now for this reason (a closed market, a silent broker), or trades again
   * (null); reopensAt: when the closed market's calendar says it opens again (ms), if it says.
   */
  paused(investmentId: string, at: Date, reason: string | null, reopensAt: number | null): void;
}

export const noBotEvents: BotEvents = {
  halted: () => undefined,
  filled: () => undefined,
  cycleClosed: () => undefined,
  paused: () => undefined,
};
