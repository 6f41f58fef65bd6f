import { LOGIN_MESSAGES } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_MESSAGES } from '../../lib/api-client';
import { describeLoginFailure } from './login-failure';

describe('describeLoginFailure', () => {
  it('opens the code step silently when the server asks for a code', () => {
    const error = new ApiError(LOGIN_MESSAGES.otpRequired, 401, true);
    expect(describeLoginFailure(error, false)).toEqual({
      codeStep: true,
      message: null,
      credentialsRefused: false,
    });
  });

  it('keeps the code step open and says so when the code was wrong', () => {
    const error = new ApiError(LOGIN_MESSAGES.invalidCredentials, 401, true);
    expect(describeLoginFailure(error, true)).toEqual({
      codeStep: true,
      message: LOGIN_MESSAGES.invalidCredentials,
      credentialsRefused: false,
    });
  });

  it('shows the server message for wrong credentials', () => {
    const error = new ApiError(LOGIN_MESSAGES.invalidCredentials, 401);
    expect(describeLoginFailure(error, false)).toEqual({
      codeStep: false,
      message: LOGIN_MESSAGES.invalidCredentials,
      credentialsRefused: true,
    });
  });

  it('shows the blocked-account message without treating the credentials as wrong', () => {
    const error = new ApiError(LOGIN_MESSAGES.pending, 403);
    expect(describeLoginFailure(error, false)).toEqual({
      codeStep: false,
      message: LOGIN_MESSAGES.pending,
      credentialsRefused: false,
    });
  });

  it('falls back to the generic login error when the server could not answer', () => {
    expect(describeLoginFailure(new ApiError(NETWORK_MESSAGES.offline, 0), false).message).toBe(
      LOGIN_MESSAGES.loginError,
    );
    expect(describeLoginFailure(new ApiError('Errore interno del server.', 500), true)).toEqual({
      codeStep: true,
      message: LOGIN_MESSAGES.loginError,
      credentialsRefused: false,
    });
  });
});
