// The calls that keep a session going; the login itself belongs to the access screen.
import { AUTH_API } from '@platform/contracts';
import { callApi } from '../api-client';
import type { Session } from './session-store';

export const currentUserQueryKey = ['session', 'me'] as const;

export const fetchCurrentUser = () => callApi(AUTH_API.me);

/** Anonymous on purpose: the access token may have expired already, the refresh token is the proof. */
export const refreshSession = (refreshToken: string) =>
  callApi(AUTH_API.refresh, { body: { refreshToken }, auth: 'none' });

/** Best effort: the local session ends whatever the server answers. */
export async function logoutOnServer(session: Session): Promise<void> {
  await callApi(AUTH_API.logout, {
    body: session.refreshToken ? { refreshToken: session.refreshToken } : {},
    auth: { bearer: session.jwt },
  }).catch(() => undefined);
}

/** Best effort, anonymous: the token itself proves the right to end it. */
export async function revokeRememberToken(rememberToken: string): Promise<void> {
  await callApi(AUTH_API.revokeRememberToken, {
    body: { rememberToken },
    auth: 'none',
  }).catch(() => undefined);
}
