// Capital, leverage and SA code take only digits with one optional decimal separator
// (product-spec.md section 5): a comma becomes a dot and anything else typed or pasted is dropped.

export function filterNumericInput(raw: string): string {
  const [whole = '', ...fraction] = raw
    .replace(/,/g, '.')
    .replace(/[^\d.]/g, '')
    .split('.');
  return fraction.length > 0 ? `${whole}.${fraction.join('')}` : whole;
}
