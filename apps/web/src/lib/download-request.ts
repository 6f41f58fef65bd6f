// Downloads a file the server makes (a CSV, a PDF) with the session's bearer, which a plain link
// cannot send, and saves it under the name the server gives. A refusal comes as the JSON envelope
// and is read by the API client's own settleAnswer, so the 401 handling and ApiError are the same
// as for every other call. The 30 s of the API client bound the wait for the answer to start;
// the body of a large export may take longer and is not cut.
import * as z from 'zod';
import { ApiError, NETWORK_MESSAGES, settleAnswer } from './api-client';
import { sessionStore } from './session/session-store';

const ANSWER_TIMEOUT_MS = 30_000;

/** The name in `attachment; filename="…"` (or filename*=UTF-8''…); the fallback otherwise. */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape: the plain name below, if any.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;]+)/i.exec(header)?.[1];
  return plain?.trim() || fallback;
}

/** Hands a blob to the browser as a download named `filename`. */
function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next task; the URL would hold it in memory otherwise.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Fetches path and saves what it answers; resolves with the file's name, rejects with an ApiError. */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const sessionJwt = sessionStore.getSnapshot()?.jwt;
  const headers: Record<string, string> = { accept: '*/*' };
  if (sessionJwt) headers.authorization = `Bearer ${sessionJwt}`;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    ANSWER_TIMEOUT_MS,
  );

  let response: Response;
  try {
    response = await fetch(path, { headers, signal: controller.signal });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(timedOut ? NETWORK_MESSAGES.timeout : NETWORK_MESSAGES.offline, 0);
  } finally {
    clearTimeout(timer);
  }

  if (!response.ok) {
    const json: unknown = await response.json().catch(() => undefined);
    // Throws the envelope's error (or badResponse when it is none).
    settleAnswer({ status: response.status, json, schema: z.never(), sessionJwt });
    throw new ApiError(NETWORK_MESSAGES.badResponse, response.status);
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw new ApiError(NETWORK_MESSAGES.offline, 0);
  }
  const filename = attachmentName(response.headers.get('content-disposition'), fallbackName);
  saveBlob(blob, filename);
  return filename;
}
