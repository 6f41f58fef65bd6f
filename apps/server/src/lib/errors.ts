// The one error type of the server: the error handler turns it into the envelope with its status.

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra envelope fields the client reads, such as requiresOtp. */
    readonly extra: { requiresOtp?: true } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string, extra?: { requiresOtp?: true }) => new AppError(401, message, extra);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
