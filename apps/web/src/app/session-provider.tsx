// Owns the session's life (product-spec.md section 4): confirms a stored session with the
// server, plans the expiry dialog from the token's exp, refreshes or logs out, and renders the
// routes inside it. Every way out (button, dialog timeout, a 401, an undecodable token) ends the
// session the same way; only the Logout button also ends the remembered auto-login.
import { SESSION_MESSAGES, SESSION_WARNING_MS } from '@platform/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import { SessionExpiryDialog } from '../components/session-expiry-dialog';
import { setSessionRejectedHandler } from '../lib/api-client';
import { planExpiryWarning } from '../lib/session/expiry-plan';
import { readJwtExpiry } from '../lib/session/jwt';
import {
  currentUserQueryKey,
  fetchCurrentUser,
  logoutOnServer,
  refreshSession,
} from '../lib/session/session-api';
import { forgetRememberedLogin } from '../features/auth/remember-me';
import { SessionContext, type SessionContextValue } from '../lib/session/session-context';
import { sessionStore } from '../lib/session/session-store';
import { useCrash } from '../lib/use-crash';

const noSession = () => null;

export function SessionProvider() {
  const queryClient = useQueryClient();
  const crash = useCrash();
  // Drawn at build time (the access screen, build/prerender.ts) there is no session yet.
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, noSession);
  /** The expiry dialog of one access token: a refreshed or ended session leaves it behind. */
  const [warning, setWarning] = useState<{ jwt: string; logoutAt: number } | null>(null);
  const logoutAt = session && warning?.jwt === session.jwt ? warning.logoutAt : null;

  const endSession = useCallback(() => {
    const ending = sessionStore.getSnapshot();
    sessionStore.end();
    queryClient.clear();
    if (ending) void logoutOnServer(ending);
  }, [queryClient]);
  /** The user chose to leave: the access screen must not log them straight back in. */
  const [loggedOut, setLoggedOut] = useState(false);
  const logout = useCallback(() => {
    setLoggedOut(true);
    // A logout ends the saved auto-login too, on the server as well as here.
    forgetRememberedLogin();
    endSession();
  }, [endSession]);

  useEffect(() => {
    setSessionRejectedHandler(endSession);
    return () => setSessionRejectedHandler(() => undefined);
  }, [endSession]);

  // A stored session may have been revoked or its user changed meanwhile: ask before trusting it.
  const currentUser = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: fetchCurrentUser,
    enabled: session !== null,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (currentUser.data) sessionStore.updateUser(currentUser.data);
  }, [currentUser.data]);

  const jwt = session?.jwt;
  /** Bumped to plan the dialog again for the same jwt (a far expiry, or a refresh within the same second). */
  const [replanTick, setReplanTick] = useState(0);
  useEffect(() => {
    if (!jwt) return;
    let expiresAt: number;
    try {
      expiresAt = readJwtExpiry(jwt);
    } catch {
      endSession();
      crash(new Error(SESSION_MESSAGES.tokenCrash));
      return;
    }
    const plan = planExpiryWarning(expiresAt, Date.now());
    switch (plan.kind) {
      case 'expired':
        endSession();
        return;
      case 'warn': {
        const timer = setTimeout(
          () => setWarning({ jwt, logoutAt: Date.now() + SESSION_WARNING_MS }),
          plan.delayMs,
        );
        return () => clearTimeout(timer);
      }
      case 'replan': {
        const timer = setTimeout(() => setReplanTick((tick) => tick + 1), plan.delayMs);
        return () => clearTimeout(timer);
      }
    }
  }, [jwt, replanTick, endSession, crash]);

  useEffect(() => {
    if (logoutAt === null) return;
    const timer = setTimeout(endSession, Math.max(0, logoutAt - Date.now()));
    return () => clearTimeout(timer);
  }, [logoutAt, endSession]);

  const refresh = useMutation({
    mutationFn: refreshSession,
    onSuccess: (tokens) => {
      try {
        sessionStore.replaceTokens(tokens.token, tokens.refreshToken);
      } catch (error) {
        endSession();
        crash(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      // A token signed in the same second as the last one is the same string: close and plan explicitly.
      setWarning(null);
      setReplanTick((tick) => tick + 1);
    },
    onError: endSession,
  });
  const stay = () => {
    const refreshToken = sessionStore.getSnapshot()?.refreshToken;
    if (refreshToken) refresh.mutate(refreshToken);
    else endSession();
  };

  const value = useMemo<SessionContextValue>(
    () => ({
      status: session === null ? 'anonymous' : currentUser.isPending ? 'loading' : 'authenticated',
      user: session?.user ?? null,
      start: (login) => {
        // The login answer is fresh: no need to ask the server who this is.
        queryClient.setQueryData(currentUserQueryKey, login.user);
        sessionStore.start({ jwt: login.jwt, refreshToken: login.refreshToken, user: login.user });
      },
      logout,
      loggedOut,
    }),
    [session, currentUser.isPending, logout, loggedOut, queryClient],
  );

  return (
    <SessionContext value={value}>
      <Outlet />
      <SessionExpiryDialog deadline={logoutAt} onStay={stay} busy={refresh.isPending} />
    </SessionContext>
  );
}
