// Whether the window is scrolled past a few pixels: the header darkens then (product-spec.md
// section 2), so the hero shows through it only at the top.
import { useSyncExternalStore } from 'react';

const THRESHOLD_PX = 10;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** The prerender (build/prerender.ts) draws the page at the top. */
export const useScrolled = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.scrollY > THRESHOLD_PX,
    () => false,
  );
