import { describe, expect, it } from 'vitest';
import { filterNumericInput } from './numeric-input';

describe('filterNumericInput', () => {
  it('keeps digits and one decimal point', () => {
    expect(filterNumericInput('1500')).toBe('1500');
    expect(filterNumericInput('1500.25')).toBe('1500.25');
    expect(filterNumericInput('')).toBe('');
  });

  it('turns a comma into a dot', () => {
    expect(filterNumericInput('1500,25')).toBe('1500.25');
    expect(filterNumericInput('0,')).toBe('0.');
  });

  it('ignores letters, signs and spaces', () => {
    expect(filterNumericInput('12a')).toBe('12');
    expect(filterNumericInput('-5')).toBe('5');
    expect(filterNumericInput(' 1 000 € ')).toBe('1000');
    expect(filterNumericInput('1e3')).toBe('13');
  });

  it('keeps only the first decimal separator', () => {
    expect(filterNumericInput('1.5.')).toBe('1.5');
    expect(filterNumericInput('1,5,2')).toBe('1.52');
    expect(filterNumericInput('1.000,50')).toBe('1.00050');
  });

  it('lets a value start with the separator while typing', () => {
    expect(filterNumericInput(',5')).toBe('.5');
  });
});
