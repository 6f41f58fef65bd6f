import { BACKTEST_MESSAGES, PERIOD_MESSAGES, type Market } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import {
  backtestFormSchema,
  clampLeverage,
  emptyBacktestFormValues,
  maxLeverageOf,
  type BacktestFormValues,
  type InstrumentDefaults,
} from './backtest-form-values';

const DEFAULTS: Record<Market, InstrumentDefaults> = {
  GOLD: { mediazione: 30, target: 50, worst: 300, safeWorst: 400 },
  NASDAQ: { mediazione: 100, target: 200, worst: 1500, safeWorst: 2000 },
  EURUSD: { mediazione: 50, target: 50, worst: 300, safeWorst: 400 },
};
const schema = backtestFormSchema((market) => DEFAULTS[market]);
const ALGORITHM = '0b6f2a4e-8d0c-4f5e-9a57-3c1d2e4f6a7b';

const values = (overrides: Partial<BacktestFormValues>): BacktestFormValues => ({
  ...emptyBacktestFormValues('GOLD', DEFAULTS.GOLD, { from: '2025-06-26', to: '2025-07-02' }),
  capital: '10000',
  ...overrides,
});

/** The first message per field, as the form shows it. */
const messagesOf = (input: BacktestFormValues) => {
  const result = schema.safeParse(input);
  if (result.success) return [];
  const first = new Map<string, string>();
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (!first.has(path)) first.set(path, `${path}: ${issue.message}`);
  }
  return [...first.values()];
};

describe('leverage', () => {
  it('starts at and resets to the maximum of the account type', () => {
    expect(values({}).leverage).toBe('20');
    expect(maxLeverageOf('retail')).toBe(20);
    expect(maxLeverageOf('pro')).toBe(200);
  });

  it('is clamped between 1 and the maximum', () => {
    expect(clampLeverage('35', 20)).toBe('20');
    expect(clampLeverage('35', 200)).toBe('35');
    expect(clampLeverage('0.5', 20)).toBe('1');
    expect(clampLeverage('-4', 200)).toBe('1');
    expect(clampLeverage('7.5', 20)).toBe('7.5');
    expect(clampLeverage('', 200)).toBe('200');
  });

  it('is refused above the maximum of the account type', () => {
    expect(messagesOf(values({ leverage: '50', type: 'single' }))).toEqual([
      'leverage: Leva oltre il massimo consentito per il tipo di conto.',
    ]);
    expect(messagesOf(values({ leverage: '50', accountType: 'pro', type: 'single' }))).toEqual([]);
  });
});

describe('single backtest', () => {
  it('fills empty fields with the defaults of section 9, mediazione and target by market', () => {
    const gold = schema.parse(values({ type: 'single' }));
    expect(gold).toMatchObject({
      type: 'single',
      size: 1,
      addizionale: 0.5,
      multiplier: 1,
      mediazione: 30,
      target: 50,
      worst: 300,
      safeWorst: 400,
    });
    const nasdaq = schema.parse(values({ type: 'single', market: 'NASDAQ' }));
    expect(nasdaq).toMatchObject({ mediazione: 100, target: 200 });
    const eurusd = schema.parse(values({ type: 'single', market: 'EURUSD' }));
    expect(eurusd).toMatchObject({ mediazione: 50, target: 50 });
  });

  it('keeps what the user typed', () => {
    const config = schema.parse(
      values({
        type: 'single',
        size: '0.2',
        addizionale: '0.1',
        mediazione: '40',
        target: '75',
        multiplier: '1.5',
      }),
    );
    expect(config).toMatchObject({
      size: 0.2,
      addizionale: 0.1,
      mediazione: 40,
      target: 75,
      multiplier: 1.5,
    });
    expect(config).not.toHaveProperty('algorithm');
  });

  it('says which parameter must be greater than 0', () => {
    expect(
      messagesOf(values({ type: 'single', size: '0', addizionale: '-1', mediazione: '0', target: '0' })),
    ).toEqual([
      `size: ${BACKTEST_MESSAGES.sizePositive}`,
      `addizionale: ${BACKTEST_MESSAGES.addizionalePositive}`,
      `mediazione: ${BACKTEST_MESSAGES.mediazionePositive}`,
      `target: ${BACKTEST_MESSAGES.targetPositive}`,
    ]);
  });
});

describe('range backtest and common fields', () => {
  it('sends the algorithm, dynamic and close', () => {
    expect(schema.parse(values({ algorithm: ALGORITHM, dynamic: true }))).toEqual({
      type: 'range',
      capital: 10000,
      accountType: 'retail',
      leverage: 20,
      from: '2025-06-26',
      to: '2025-07-02',
      market: 'GOLD',
      worst: 300,
      safeWorst: 400,
      algorithm: ALGORITHM,
      dynamic: true,
      close: true,
      holdOut: 20,
    });
    expect(messagesOf(values({}))).toEqual([`algorithm: ${BACKTEST_MESSAGES.algorithmRequired}`]);
  });

  it('holds back 20% by default, 0 to 50% allowed, with the Italian message outside', () => {
    expect(schema.parse(values({ algorithm: ALGORITHM, holdOut: '0' }))).toMatchObject({ holdOut: 0 });
    expect(schema.parse(values({ algorithm: ALGORITHM, holdOut: '50' }))).toMatchObject({ holdOut: 50 });
    for (const holdOut of ['51', '-1', ''])
      expect(messagesOf(values({ algorithm: ALGORITHM, holdOut }))).toEqual([
        `holdOut: ${BACKTEST_MESSAGES.holdOutRange}`,
      ]);
    // A single backtest holds nothing back, whatever the hidden field says.
    expect(schema.parse(values({ type: 'single', holdOut: '99' }))).not.toHaveProperty('holdOut');
  });

  it('needs a positive capital, worst and safe worst', () => {
    expect(messagesOf(values({ type: 'single', capital: '', worst: '0', safeWorst: '-5' }))).toEqual([
      `capital: ${BACKTEST_MESSAGES.capitalPositive}`,
      `worst: ${BACKTEST_MESSAGES.worstPositive}`,
      `safeWorst: ${BACKTEST_MESSAGES.safeWorstPositive}`,
    ]);
  });

  it('needs both dates within the span and in order', () => {
    expect(messagesOf(values({ type: 'single', from: '' }))).toEqual([`from: ${PERIOD_MESSAGES.bothDates}`]);
    expect(messagesOf(values({ type: 'single', from: '2008-11-25' }))).toEqual([
      `from: ${PERIOD_MESSAGES.outOfRange}`,
    ]);
    expect(messagesOf(values({ type: 'single', from: '2025-07-02', to: '2025-07-01' }))).toEqual([
      `to: ${PERIOD_MESSAGES.order}`,
    ]);
  });
});
