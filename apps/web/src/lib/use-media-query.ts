// Whether a CSS media query matches now, following changes (window resizes, rotations).
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    // The prerender (build/prerender.ts) has no screen: it draws as if no query matched.
    () => false,
  );
}

/** Section 9's breakpoint: the sidebar becomes a drawer and the overview figures a carousel. */
export const NARROW_SCREEN_QUERY = '(max-width: 768px)';

/** Section 9's phone breakpoint: wide tables leave out their secondary columns. */
export const PHONE_SCREEN_QUERY = '(max-width: 480px)';
