// What screens know about the session. The provider (src/app) owns the timers and the dialog;
// features only read the user, start a session after login and log out.
import type { LoginResponse, SessionUser } from '@platform/contracts';
import { createContext, useContext } from 'react';

/** loading: a stored session is being confirmed with the server. */
export type SessionStatus = 'anonymous' | 'loading' | 'authenticated';

export interface SessionContextValue {
  status: SessionStatus;
  user: SessionUser | null;
  /** Stores the tokens and the user; throws a StorageError when the browser refuses. */
  start: (login: Pick<LoginResponse, 'jwt' | 'refreshToken' | 'user'>) => void;
  /** Ends the session at the user's request (the Logout button). */
  logout: () => void;
  /** The user logged out during this page load. */
  loggedOut: boolean;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
