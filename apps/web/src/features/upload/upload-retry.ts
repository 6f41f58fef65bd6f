// The upload's retries (product-spec.md section 7): after a network failure or a server error
// (5xx) it tries again up to 3 times, waiting 1, 2 and 3 s. A refusal (4xx) says something about
// the file, so sending it again would only repeat it; a cancel stops everything, waits included.
import { UPLOAD_RETRY_DELAYS_MS } from '@platform/contracts';
import { ApiError } from '../../lib/api-client';

export const isRetryable = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);

export interface RetryOptions {
  signal?: AbortSignal;
  delays?: readonly number[];
  /** Told before each new attempt: its number (2 for the first retry) and the wait before it. */
  onRetry?: (attempt: number, delayMs: number) => void;
  wait?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

export async function withRetries<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  { signal, delays = UPLOAD_RETRY_DELAYS_MS, onRetry, wait = abortableWait }: RetryOptions = {},
): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt(retry + 1);
    } catch (error) {
      const delay = delays[retry];
      if (delay === undefined || !isRetryable(error) || signal?.aborted) throw error;
      onRetry?.(retry + 2, delay);
      await wait(delay, signal);
    }
  }
}

function abortableWait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer);
      reject(new DOMException('Upload aborted', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    if (signal?.aborted) aborted();
    else signal?.addEventListener('abort', aborted, { once: true });
  });
}
