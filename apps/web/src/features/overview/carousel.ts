// The slide order of the headline-figure carousel of narrow screens: forward, back to the first
// after the last.
export const CAROUSEL_INTERVAL_MS = 4000;

export function nextSlide(index: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + 1) % count) + count) % count;
}
