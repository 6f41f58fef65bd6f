// Uploads a multipart form to an upload endpoint declared in contracts, with the session's bearer,
// reporting the bytes sent as they go. fetch has no upload progress, so this one call uses
// XMLHttpRequest; the answer is read by the API client's own settleAnswer, so the envelope, the
// 401 handling and ApiError are the same.
import { urlOf, type DataOf, type Endpoint } from '@platform/contracts';
import type * as z from 'zod';
import { ApiError, NETWORK_MESSAGES, settleAnswer } from './api-client';
import { sessionStore } from './session/session-store';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadRequestOptions {
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting rejects with an AbortError DOMException, never an ApiError. */
  signal?: AbortSignal;
}

/** An endpoint whose body is a multipart form and whose answer is the envelope. */
type UploadEndpoint = Endpoint & { body: 'multipart'; response: z.ZodType };

export function uploadRequest<E extends UploadEndpoint>(
  endpoint: E,
  { body, onProgress, signal }: UploadRequestOptions,
): Promise<DataOf<E>> {
  const schema = endpoint.response as z.ZodType<DataOf<E>>;
  return new Promise<DataOf<E>>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const sessionJwt = sessionStore.getSnapshot()?.jwt;
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, urlOf<Endpoint>(endpoint));
    xhr.setRequestHeader('accept', 'application/json');
    if (sessionJwt) xhr.setRequestHeader('authorization', `Bearer ${sessionJwt}`);
    // No timeout: a 600 MB file on a slow line takes longer than the 30 s of JSON calls.
    xhr.responseType = 'text';

    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = (action: () => void) => {
      signal?.removeEventListener('abort', abort);
      action();
    };

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () =>
      settle(() => {
        try {
          resolve(
            settleAnswer({ status: xhr.status, json: parseJson(xhr.responseText), schema, sessionJwt }),
          );
        } catch (error) {
          reject(error instanceof Error ? error : new ApiError(NETWORK_MESSAGES.badResponse, xhr.status));
        }
      });
    xhr.onerror = () => settle(() => reject(new ApiError(NETWORK_MESSAGES.offline, 0)));
    xhr.onabort = () => settle(() => reject(new DOMException('Upload aborted', 'AbortError')));
    xhr.send(body);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
