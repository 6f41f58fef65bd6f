import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { isRetryable, withRetries } from './upload-retry';

const offline = () => new ApiError('offline', 0);

describe('upload retry policy', () => {
  it('retries a network failure or a server error, not a refusal or a cancel', () => {
    expect(isRetryable(offline())).toBe(true);
    expect(isRetryable(new ApiError('boom', 500))).toBe(true);
    expect(isRetryable(new ApiError('bad gateway', 502))).toBe(true);
    expect(isRetryable(new ApiError('Il file non è un CSV valido', 400))).toBe(false);
    expect(isRetryable(new ApiError('forbidden', 403))).toBe(false);
    expect(isRetryable(new DOMException('Upload aborted', 'AbortError'))).toBe(false);
  });

  it('tries up to 3 more times, waiting 1, 2 and 3 s', async () => {
    const waits: number[] = [];
    const retries: number[] = [];
    const attempt = vi.fn<(n: number) => Promise<string>>().mockRejectedValue(offline());
    const error = await withRetries(attempt, {
      wait: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      onRetry: (n) => retries.push(n),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(attempt).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([1000, 2000, 3000]);
    expect(retries).toEqual([2, 3, 4]);
  });

  it('returns the first success', async () => {
    const attempt = vi
      .fn<(n: number) => Promise<string>>()
      .mockRejectedValueOnce(new ApiError('down', 503))
      .mockResolvedValueOnce('stored');
    await expect(withRetries(attempt, { wait: () => Promise.resolve() })).resolves.toBe('stored');
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('gives up at once on a refusal', async () => {
    const attempt = vi
      .fn<(n: number) => Promise<string>>()
      .mockRejectedValue(new ApiError('Timeframe errato', 400));
    await expect(withRetries(attempt, { wait: () => Promise.resolve() })).rejects.toThrow('Timeframe errato');
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when the upload is cancelled', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const attempt = vi.fn<(n: number) => Promise<string>>().mockRejectedValue(offline());
    const result = withRetries(attempt, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    const error = await result;
    vi.useRealTimers();
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
