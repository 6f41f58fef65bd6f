// Remember me (DESIGN.md section 4): the username and the server's single-use remember token,
// never the password. The token of each successful remembered login replaces the stored one.
import * as z from 'zod';
import { revokeRememberToken } from '../../lib/session/session-api';
import { appStorage } from '../../lib/storage';

const rememberedLoginSchema = z.object({ username: z.string().min(1), rememberToken: z.string().min(1) });
export type RememberedLogin = z.infer<typeof rememberedLoginSchema>;

/** A stored value that cannot be read is only logged: the login form still works without it. */
export function loadRememberedLogin(): RememberedLogin | null {
  try {
    return appStorage.read('rememberMeCredentials', rememberedLoginSchema);
  } catch (error) {
    console.error(error);
    return null;
  }
}

export function saveRememberedLogin(login: RememberedLogin): void {
  appStorage.write('rememberMeCredentials', login);
}

/**
 * Also revokes the token on the server, best effort: a copy of the browser's storage must not
 * log in after the user chose to forget it ('Not {user}?', logout, a login without Remember me).
 */
export function forgetRememberedLogin(): void {
  const remembered = loadRememberedLogin();
  appStorage.remove('rememberMeCredentials');
  if (remembered) void revokeRememberToken(remembered.rememberToken);
}

let autoLoginClaimed = false;

/** True the first time in a page load: the remembered login submits itself once. */
export function claimAutoLogin(): boolean {
  if (autoLoginClaimed) return false;
  autoLoginClaimed = true;
  return true;
}
