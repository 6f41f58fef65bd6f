// On narrow screens the numbers cards scroll sideways one at a time; the dot of the card that
// is mostly in view is the active one.

/** The index of the card whose left edge is nearest the track's scroll position. */
export function nearestCard(scrollLeft: number, cardStride: number, count: number): number {
  if (count <= 0 || cardStride <= 0) return 0;
  return Math.min(Math.max(Math.round(scrollLeft / cardStride), 0), count - 1);
}
