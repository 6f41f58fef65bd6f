// Whether the first screen was drawn by the build and hydrated (main.tsx). Its page was on screen
// before the scripts came: the browser has already put it where it belongs (at the top, at the
// URL's #section, or where the visitor has scrolled meanwhile), and the app must not move it.
import { useSyncExternalStore } from 'react';

let arrivedDrawn = false;

export function markHydrated(): void {
  arrivedDrawn = true;
}

/** True once, for the first screen of a hydrated page; false for every later one. */
export function takeDrawnArrival(): boolean {
  const drawn = arrivedDrawn;
  arrivedDrawn = false;
  return drawn;
}

const neverChanges = () => () => undefined;

/**
 * False while a drawn page is drawn (at build time) and hydrated, true once in the browser's own
 * renders. What depends on the moment (a clock, the quote of the hour) shows only then: drawn, it
 * would show the time of the build, and differ from the browser's first render, which hydrating
 * needs to be the same markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
