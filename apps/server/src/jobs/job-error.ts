/** Thrown by a job for a reason the user should read (no data, a deleted algorithm...). */
export class JobError extends Error {}

/** Thrown by a job whose attempt failed but may succeed later: the row waits delayMs, then is claimed again. */
export class JobRetry extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}
