/** Time behind an interface so token expiry and TOTP steps can be tested at chosen instants. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
