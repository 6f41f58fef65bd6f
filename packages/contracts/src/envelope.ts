// Every call answers {ok: true, data} or {ok: false, error} (DESIGN.md section 5).

export interface ApiSuccess<T> {
  ok: true;
  data: T;
}

/**
 * What a refusal means, for the refusals a client acts on besides showing the message: the
 * session's token is no longer valid; a password link's token is expired or used.
 */
export const ERROR_CODES = ['session-invalid', 'reset-token-invalid'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiFailure {
  ok: false;
  /** A human message in the spec's language. */
  error: string;
  /** Set by the login call when a one-time code is needed. */
  requiresOtp?: true;
  code?: ErrorCode;
}

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;
