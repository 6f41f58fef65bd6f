// Every call answers {ok: true, data} or {ok: false, error} (DESIGN.md section 5).

export interface ApiSuccess<T> {
  ok: true;
  data: T;
}

export interface ApiFailure {
  ok: false;
  /** A human message in the spec's language. */
  error: string;
  /** Set by the login call when a one-time code is needed. */
  requiresOtp?: true;
}

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;
