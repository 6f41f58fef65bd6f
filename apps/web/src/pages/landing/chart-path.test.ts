import { describe, expect, it } from 'vitest';
import { areaPath, linePath } from './chart-path';

describe('chart paths', () => {
  it('spreads the points over the width with the highest value at the top', () => {
    expect(linePath([0, 10, 5], 100, 50, 0)).toBe('M0 50 L50 0 L100 25');
  });

  it('draws a flat series along the bottom without dividing by zero', () => {
    expect(linePath([3, 3], 10, 10, 0)).toBe('M0 10 L10 10');
  });

  it('closes the area down to the bottom edge', () => {
    expect(areaPath([0, 10], 10, 10, 0)).toBe('M0 10 L10 0 L10 10 L0 10 Z');
    expect(areaPath([], 10, 10)).toBe('');
  });
});
