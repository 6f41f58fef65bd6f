import { describe, expect, it } from 'vitest';
import { limitLeverage, maxLeverageOf } from './leverage-limit';

describe('maxLeverageOf', () => {
  it('is 200 for a pro owner and 20 otherwise, also before an account is chosen', () => {
    expect(maxLeverageOf({ isPro: true })).toBe(200);
    expect(maxLeverageOf({ isPro: false })).toBe(20);
    expect(maxLeverageOf(undefined)).toBe(20);
  });
});

describe('limitLeverage', () => {
  it('leaves a value within the limit alone', () => {
    expect(limitLeverage('20', 20, 'typing')).toEqual({ value: '20', message: null });
    expect(limitLeverage('1.5', 20, 'typing')).toEqual({ value: '1.5', message: null });
    expect(limitLeverage('', 20, 'account-change')).toEqual({ value: '', message: null });
  });

  it('clamps a typed value to the maximum with the limit message', () => {
    expect(limitLeverage('25', 20, 'typing')).toEqual({
      value: '20',
      message: 'Leva massima consentita è 20',
    });
    expect(limitLeverage('200.5', 200, 'typing')).toEqual({
      value: '200',
      message: 'Leva massima consentita è 200',
    });
  });

  it('asks to change the leverage when a new account lowered the limit', () => {
    expect(limitLeverage('150', 20, 'account-change')).toEqual({
      value: '20',
      message: 'Leva massima consentita è 20. Modifica la leva.',
    });
  });

  it('does not complain when a pro account raises the limit', () => {
    expect(limitLeverage('150', 200, 'account-change')).toEqual({ value: '150', message: null });
  });

  it('lets a trailing separator through while typing', () => {
    expect(limitLeverage('20.', 20, 'typing')).toEqual({ value: '20.', message: null });
  });
});
