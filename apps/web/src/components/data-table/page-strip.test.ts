import { describe, expect, it } from 'vitest';
import { pageStrip, rangeLabel } from './page-strip';

describe('page strip', () => {
  it('shows every page up to five', () => {
    expect(pageStrip(1, 1)).toEqual([1]);
    expect(pageStrip(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows first, last and neighbours with ellipses beyond five', () => {
    expect(pageStrip(1, 10)).toEqual([1, 2, 'ellipsis-end', 10]);
    expect(pageStrip(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageStrip(10, 10)).toEqual([1, 'ellipsis-start', 9, 10]);
    expect(pageStrip(3, 6)).toEqual([1, 2, 3, 4, 'ellipsis-end', 6]);
    expect(pageStrip(4, 6)).toEqual([1, 'ellipsis-start', 3, 4, 5, 6]);
  });

  it('counts rows as from-to di total', () => {
    expect(rangeLabel(1, 20, 0)).toBe('0-0 di 0');
    expect(rangeLabel(1, 20, 7)).toBe('1-7 di 7');
    expect(rangeLabel(3, 20, 45)).toBe('41-45 di 45');
  });
});
