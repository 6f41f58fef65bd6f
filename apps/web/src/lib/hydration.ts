// Whether the first screen was drawn by the build and hydrated (main.tsx). Its page was on screen
// before the scripts came: the browser has already put it where it belongs (at the top, at the
// URL's #section, or where the visitor has scrolled meanwhile), and the app must not move it.
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
