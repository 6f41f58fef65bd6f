// The logged-in session (tokens and user) as an external store: storage is its persistence, the
// API client reads the bearer from it and React subscribes with useSyncExternalStore.
import { sessionUserSchema, type SessionUser } from '@platform/contracts';
import * as z from 'zod';
import { appStorage, type AppStorage } from '../storage';

export interface Session {
  jwt: string;
  /** Missing only if storage lost it; the expiry dialog then logs out instead of refreshing. */
  refreshToken: string | null;
  user: SessionUser;
}

export interface SessionStore {
  subscribe: (listener: () => void) => () => void;
  /** Loads from storage on first use, so an unreadable value throws inside React's render (every time). */
  getSnapshot: () => Session | null;
  start: (session: Session) => void;
  replaceTokens: (jwt: string, refreshToken: string) => void;
  updateUser: (user: SessionUser) => void;
  /** Forgets the session; the remembered credentials stay. */
  end: () => void;
}

export function createSessionStore(storage: AppStorage): SessionStore {
  let current: Session | null | undefined;
  /** Storage was unreadable: the app stays down until the page is loaded again. */
  let loadError: Error | undefined;
  const listeners = new Set<() => void>();

  const load = (): Session | null => {
    const jwt = storage.read('jwt', z.string());
    const user = storage.read('user', sessionUserSchema);
    if (!jwt || !user) return null;
    return { jwt, user, refreshToken: storage.read('refreshToken', z.string()) };
  };
  const getSnapshot = () => {
    // React renders again once after an error; by then storage is empty and would read as
    // "logged out", so the failure is kept and thrown on every read.
    if (loadError !== undefined) throw loadError;
    try {
      current ??= load();
    } catch (error) {
      loadError = error instanceof Error ? error : new Error(String(error));
      throw loadError;
    }
    return current;
  };
  const set = (next: Session | null) => {
    current = next;
    for (const listener of listeners) listener();
  };
  const writeRefreshToken = (refreshToken: string | null) => {
    if (refreshToken) storage.write('refreshToken', refreshToken);
    else storage.remove('refreshToken');
  };

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot,
    start: (session) => {
      storage.write('jwt', session.jwt);
      writeRefreshToken(session.refreshToken);
      storage.write('user', session.user);
      set(session);
    },
    replaceTokens: (jwt, refreshToken) => {
      const session = getSnapshot();
      if (!session) return;
      storage.write('jwt', jwt);
      writeRefreshToken(refreshToken);
      set({ ...session, jwt, refreshToken });
    },
    updateUser: (user) => {
      const session = getSnapshot();
      if (!session) return;
      storage.write('user', user);
      set({ ...session, user });
    },
    end: () => {
      storage.clearExcept(['rememberMeCredentials']);
      set(null);
    },
  };
}

export const sessionStore = createSessionStore(appStorage);
