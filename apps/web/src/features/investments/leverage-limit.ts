// The leverage limit of the investment form (product-spec.md section 5): 200 when the selected
// account's owner is pro, else 20. A value above the limit is brought down to it, with a toast
// that says why; when an account change caused it, the toast asks the user to look again.
import { leverageLimitMessage, maxLeverageFor } from '@platform/contracts';

export type LeverageCause = 'typing' | 'account-change';

export interface LeverageDecision {
  value: string;
  /** The toast to show, or null when the value was within the limit. */
  message: string | null;
}

/** Without a selected account the form does not know the owner, so the retail limit holds. */
export const maxLeverageOf = (owner: { isPro: boolean } | undefined) => maxLeverageFor(owner?.isPro ?? false);

export function limitLeverage(value: string, max: number, cause: LeverageCause): LeverageDecision {
  const leverage = Number(value);
  if (value === '' || !Number.isFinite(leverage) || leverage <= max) return { value, message: null };
  const message = leverageLimitMessage(max);
  return {
    value: String(max),
    message: cause === 'account-change' ? `${message}. Modifica la leva.` : message,
  };
}
