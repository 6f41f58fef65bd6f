import { describe, expect, it } from 'vitest';
import { nextSlide } from './carousel';

describe('carousel', () => {
  it('moves forward and wraps to the first slide after the last', () => {
    expect(nextSlide(0, 3)).toBe(1);
    expect(nextSlide(1, 3)).toBe(2);
    expect(nextSlide(2, 3)).toBe(0);
  });

  it('stays at 0 without slides', () => {
    expect(nextSlide(0, 0)).toBe(0);
  });
});
