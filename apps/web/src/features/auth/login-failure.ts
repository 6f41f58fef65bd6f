// What a failed login call means for the access screen (product-spec.md sections 4 and 8).
import { LOGIN_MESSAGES } from '@platform/contracts';
import { ApiError } from '../../lib/api-client';

export interface LoginFailure {
  /** The code step is (or stays) open. */
  codeStep: boolean;
  /** The toast to show; null when the answer only asks for the code. */
  message: string | null;
  /** The server refused the password or remember token itself (not the code, not the account). */
  credentialsRefused: boolean;
}

export function describeLoginFailure(error: Error, sentCode: boolean): LoginFailure {
  if (!(error instanceof ApiError) || !error.isRefusal) {
    return { codeStep: sentCode, message: LOGIN_MESSAGES.loginError, credentialsRefused: false };
  }
  if (error.requiresOtp)
    return { codeStep: true, message: sentCode ? error.message : null, credentialsRefused: false };
  return { codeStep: false, message: error.message, credentialsRefused: error.status === 401 };
}
