// Whether the first screen was drawn by the build and hydrated (main.tsx). Its page was on screen
// before the scripts came: the browser has already put it where it belongs (at the top, at the
// URL's #section, or where the visitor has scrolled meanwhile), and the app must not move it.
import { startTransition, useEffect, useState } from 'react';

let arrivedDrawn = false;
/**
 * Whether the renders now are drawing the page: at build time (no window), or hydrating it in the
 * browser (from markHydrated until the first effect of the hydrated tree runs).
 */
let drawing = typeof window === 'undefined';

export function markHydrated(): void {
  arrivedDrawn = true;
  drawing = true;
}

/** True once, for the first screen of a hydrated page; false for every later one. */
export function takeDrawnArrival(): boolean {
  const drawn = arrivedDrawn;
  arrivedDrawn = false;
  return drawn;
}

/**
 * False while a drawn page is drawn (at build time) and hydrated, true once in the browser's own
 * renders. What depends on the moment (a clock, the quote of the hour) shows only then: drawn, it
 * would show the time of the build, and differ from the browser's first render, which hydrating
 * needs to be the same markup. After hydrating, the components that asked render again in a
 * transition, which React does in slices between the browser's other work; a store whose server
 * snapshot differs (useSyncExternalStore) would have them render again all in one task, a long one
 * on a slow phone (issue 35).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !drawing);
  useEffect(() => {
    drawing = false;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
