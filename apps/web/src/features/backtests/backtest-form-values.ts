// What the backtest form holds (numbers as typed text) and how it becomes the contract's config
// (product-spec.md sections 5, 7 and 9): the leverage follows the account type, the single
// backtest's empty fields take the defaults, and the contract's schema has the last word.
import {
  backtestConfigSchema,
  HOLD_OUT_DEFAULT,
  maxLeverageFor,
  MIN_LEVERAGE,
  type AccountType,
  type BacktestConfigInput,
  type Instrument,
  type Market,
} from '@platform/contracts';
import * as z from 'zod';
import type { Period } from '../../lib/market-coverage';

export type BacktestType = 'range' | 'single';

export interface BacktestFormValues {
  type: BacktestType;
  capital: string;
  accountType: AccountType;
  leverage: string;
  from: string;
  to: string;
  market: Market;
  worst: string;
  safeWorst: string;
  /** Range only. */
  algorithm: string;
  dynamic: boolean;
  close: boolean;
  /** Percent of the period held back to test the rows on (out of sample); 0 for none. */
  holdOut: string;
  /** Single only; empty takes the default. */
  size: string;
  addizionale: string;
  mediazione: string;
  multiplier: string;
  target: string;
}

export type InstrumentDefaults = Instrument['defaults'];

/** Section 9: what an empty single field means; mediazione and target come from the instrument. */
export const SINGLE_DEFAULTS = { size: 1, addizionale: 0.5, multiplier: 1 } as const;

export const maxLeverageOf = (accountType: AccountType) => maxLeverageFor(accountType === 'pro');

export function emptyBacktestFormValues(
  market: Market,
  defaults: InstrumentDefaults | undefined,
  period: Period,
): BacktestFormValues {
  return {
    type: 'range',
    capital: '',
    accountType: 'retail',
    leverage: String(maxLeverageOf('retail')),
    from: period.from,
    to: period.to,
    market,
    worst: defaults ? String(defaults.worst) : '',
    safeWorst: defaults ? String(defaults.safeWorst) : '',
    algorithm: '',
    dynamic: false,
    close: true,
    holdOut: String(HOLD_OUT_DEFAULT),
    size: '',
    addizionale: '',
    mediazione: '',
    multiplier: '',
    target: '',
  };
}

/**
 * The leverage brought within 1..max. Empty or unreadable text goes back to the maximum, the
 * value the form starts with and returns to when the account type changes.
 */
export function clampLeverage(text: string, max: number): string {
  const leverage = Number(text);
  if (text.trim() === '' || !Number.isFinite(leverage)) return String(max);
  return String(Math.min(max, Math.max(MIN_LEVERAGE, leverage)));
}

/** Required text: empty is not a number, so the contract's own message names the field. */
const required = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const orDefault = (text: string, fallback: number | undefined) =>
  text.trim() === '' ? fallback : Number(text);

export function toBacktestConfig(
  values: BacktestFormValues,
  defaults: InstrumentDefaults | undefined,
): z.input<typeof backtestConfigSchema> {
  const common = {
    capital: required(values.capital),
    accountType: values.accountType,
    leverage: required(values.leverage),
    from: values.from,
    to: values.to,
    market: values.market,
    worst: required(values.worst),
    safeWorst: required(values.safeWorst),
  };
  if (values.type === 'range') {
    return {
      type: 'range',
      ...common,
      algorithm: values.algorithm,
      dynamic: values.dynamic,
      close: values.close,
      holdOut: required(values.holdOut),
    };
  }
  return {
    type: 'single',
    ...common,
    size: orDefault(values.size, SINGLE_DEFAULTS.size),
    addizionale: orDefault(values.addizionale, SINGLE_DEFAULTS.addizionale),
    multiplier: orDefault(values.multiplier, SINGLE_DEFAULTS.multiplier),
    // Without the instrument table the server applies the same defaults.
    mediazione: orDefault(values.mediazione, defaults?.mediazione),
    target: orDefault(values.target, defaults?.target),
  };
}

/** The form's schema: its text becomes the config, which the contract then checks. */
export const backtestFormSchema = (defaultsOf: (market: Market) => InstrumentDefaults | undefined) =>
  z
    .custom<BacktestFormValues>()
    .transform((values) => toBacktestConfig(values, defaultsOf(values.market)))
    .pipe(backtestConfigSchema) satisfies z.ZodType<BacktestConfigInput, BacktestFormValues>;
