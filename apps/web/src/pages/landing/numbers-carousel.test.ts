import { describe, expect, it } from 'vitest';
import { nearestCard } from './numbers-carousel';

describe('numbers carousel', () => {
  it('picks the card nearest the scroll position', () => {
    expect(nearestCard(0, 300, 3)).toBe(0);
    expect(nearestCard(140, 300, 3)).toBe(0);
    expect(nearestCard(160, 300, 3)).toBe(1);
    expect(nearestCard(600, 300, 3)).toBe(2);
  });

  it('stays within the cards when the track overscrolls or has no width yet', () => {
    expect(nearestCard(-40, 300, 3)).toBe(0);
    expect(nearestCard(2000, 300, 3)).toBe(2);
    expect(nearestCard(100, 0, 3)).toBe(0);
  });
});
