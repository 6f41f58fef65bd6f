// The dashboard's light or dark theme (product-spec.md section 4, Theme), kept in storage under
// isDark. An external store, so the switch in the sidebar and the charts that draw their own
// colours read the same value. It is read from storage each time rather than cached: logout
// clears storage (all but the remembered credentials), and the theme goes with it.
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { appStorage, type StoredValueSchema } from './storage';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

/** Checked by hand: the public pages follow the theme too, and zod would be a fifth of the landing's JavaScript. */
const isDarkSchema: StoredValueSchema<boolean> = {
  parse: (value) => {
    if (typeof value !== 'boolean') throw new TypeError('isDark is not a boolean.');
    return value;
  },
};

const getSnapshot = (): Theme => (appStorage.read('isDark', isDarkSchema) ? 'dark' : 'light');

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores the choice; throws a StorageError when the browser refuses the write. */
export function setTheme(theme: Theme): void {
  appStorage.write('isDark', theme === 'dark');
  for (const listener of listeners) listener();
}

/**
 * The prerender (build/prerender.ts) draws in the light theme, in Node. In the browser the stored
 * theme is already the document's before the first paint (the drawn page's inline script sets
 * data-theme), so hydration reads it too: the drawn pages' markup does not depend on the theme,
 * only the document's attribute does, and that must not flip to light for a frame.
 */
const getServerSnapshot = (): Theme => (typeof window === 'undefined' ? 'light' : getSnapshot());

export const useTheme = (): Theme => useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);

/** The theme's colours apply to the whole document while the calling screen is shown. */
export function useDocumentTheme(): void {
  const theme = useTheme();
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    return () => {
      delete root.dataset.theme;
    };
  }, [theme]);
}
