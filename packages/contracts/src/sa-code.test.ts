import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSaCode, encodeSaCode } from './sa-code';

describe('SA code', () => {
  it('reads 01505 as size 1.5 and additional 0.5', () => {
    expect(decodeSaCode('01505')).toEqual({ size: 1.5, additional: 0.5 });
    expect(encodeSaCode({ size: 1.5, additional: 0.5 })).toBe('01505');
  });

  it('pads short codes and small values with zeros', () => {
    expect(decodeSaCode('105')).toEqual({ size: 0.1, additional: 0.5 });
    expect(encodeSaCode({ size: 0.1, additional: 0.5 })).toBe('00105');
    expect(encodeSaCode({ size: 99.9, additional: 9.9 })).toBe('99999');
  });

  it('refuses what does not fit five digits', () => {
    expect(decodeSaCode('123456')).toBeNull();
    expect(decodeSaCode('12a45')).toBeNull();
    expect(decodeSaCode('')).toBeNull();
    expect(encodeSaCode({ size: 100, additional: 1 })).toBeNull();
    expect(encodeSaCode({ size: 1.25, additional: 1 })).toBeNull();
    expect(encodeSaCode({ size: 1, additional: 10 })).toBeNull();
  });

  it('round-trips every code and every parameter pair in tenths', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99999 }), (n) => {
        const code = String(n).padStart(5, '0');
        const parameters = decodeSaCode(code);
        expect(parameters).not.toBeNull();
        expect(encodeSaCode(parameters ?? { size: 0, additional: 0 })).toBe(code);
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 99 }),
        (sizeTenths, additionalTenths) => {
          const parameters = { size: sizeTenths / 10, additional: additionalTenths / 10 };
          expect(decodeSaCode(encodeSaCode(parameters) ?? '')).toEqual(parameters);
        },
      ),
    );
  });
});
