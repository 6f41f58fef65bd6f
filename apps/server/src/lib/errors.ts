// The one error type of the server: the error handler turns it into the envelope with its status.
// A refusal that a caller acts on carries a code, which callers match instead of the message.
import { RESET_MESSAGES, SESSION_MESSAGES, type ErrorCode } from '@platform/contracts';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra envelope fields the client reads: requiresOtp, the refusal's code. */
    readonly extra: { requiresOtp?: true; code?: ErrorCode } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get code(): ErrorCode | undefined {
    return this.extra.code;
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string, extra?: { requiresOtp?: true }) =>
  new AppError(401, message, extra);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** The bearer is no session, or no longer one: revoked, expired, its user blocked or gone. */
export const sessionInvalid = () =>
  new AppError(401, SESSION_MESSAGES.unauthenticated, { code: 'session-invalid' });

/** A password link's token is unknown, expired or already used. */
export const resetTokenInvalid = () =>
  new AppError(400, RESET_MESSAGES.tokenInvalid, { code: 'reset-token-invalid' });
