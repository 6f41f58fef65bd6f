// The SA code of an investment (product-spec.md section 3): 5 digits, the first 3 the size
// (two integer digits and one decimal), the last 2 the additional (one integer digit and one decimal).

export interface SaParameters {
  size: number;
  additional: number;
}

export const SA_CODE_PATTERN = /^\d{5}$/;

/** Size 0.1..99.9 and additional 0.1..9.9 in steps of 0.1 fit the code; anything else does not. */
export function encodeSaCode({ size, additional }: SaParameters): string | null {
  const sizeTenths = Math.round(size * 10);
  const additionalTenths = Math.round(additional * 10);
  if (sizeTenths < 0 || sizeTenths > 999 || additionalTenths < 0 || additionalTenths > 99) return null;
  if (Math.abs(sizeTenths - size * 10) > 1e-6 || Math.abs(additionalTenths - additional * 10) > 1e-6)
    return null;
  return `${String(sizeTenths).padStart(3, '0')}${String(additionalTenths).padStart(2, '0')}`;
}

/** Shorter codes are left-padded with zeros to 5 digits, as the spec says. */
export function decodeSaCode(code: string): SaParameters | null {
  const trimmed = code.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return null;
  const digits = trimmed.padStart(5, '0');
  return { size: Number(digits.slice(0, 3)) / 10, additional: Number(digits.slice(3)) / 10 };
}
