// The calls that keep a session going; the login itself belongs to the access screen.
import { refreshResponseSchema, sessionUserSchema } from '@platform/contracts';
import * as z from 'zod';
import { apiRequest } from '../api-client';
import type { Session } from './session-store';

export const currentUserQueryKey = ['session', 'me'] as const;

export const fetchCurrentUser = () => apiRequest('/api/auth/me', { schema: sessionUserSchema });

/** Anonymous on purpose: the access token may have expired already, the refresh token is the proof. */
export const refreshSession = (refreshToken: string) =>
  apiRequest('/api/auth/refresh', { method: 'POST', body: { refreshToken }, schema: refreshResponseSchema, auth: 'none' });

/** Best effort: the local session ends whatever the server answers. */
export async function logoutOnServer(session: Session): Promise<void> {
  await apiRequest('/api/auth/logout', {
    method: 'POST',
    body: session.refreshToken ? { refreshToken: session.refreshToken } : {},
    schema: z.null(),
    auth: { bearer: session.jwt },
  }).catch(() => undefined);
}

/** Best effort, anonymous: the token itself proves the right to end it. */
export async function revokeRememberToken(rememberToken: string): Promise<void> {
  await apiRequest('/api/auth/remember-token/revoke', {
    method: 'POST',
    body: { rememberToken },
    schema: z.null(),
    auth: 'none',
  }).catch(() => undefined);
}
