// Fetches an ALTCHA challenge from the server and solves it in a worker: the payload a contact
// request carries as its token (DESIGN.md section 3, captcha).
import { AUTH_API } from '@platform/contracts';
import type { Challenge } from 'altcha-lib/types';
import { callApi } from '../api-client';
import { encodeCaptchaPayload } from './captcha-payload';
import type { SolverAnswer } from './solver-messages';

export interface SolvedCaptcha {
  payload: string;
  /** Seconds since the epoch, when the server set a lifetime. */
  expiresAt: number | undefined;
}

/** Rejects with AbortError when signal aborts; the worker is stopped either way. */
export async function solveCaptcha(signal: AbortSignal): Promise<SolvedCaptcha> {
  // The contract leaves the challenge opaque: altcha-lib on both sides owns its shape.
  const challenge = (await callApi(AUTH_API.captcha, { auth: 'none' })) as unknown as Challenge;
  signal.throwIfAborted();
  const solution = await new Promise<SolverAnswer>((resolve, reject) => {
    const worker = new Worker(new URL('./captcha-solver.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', stop, { once: true });
    const settle = () => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.addEventListener('message', (event: MessageEvent<SolverAnswer>) => {
      settle();
      resolve(event.data);
    });
    worker.addEventListener('error', (event) => {
      settle();
      reject(new Error(event.message || 'The captcha solver failed to start.'));
    });
    worker.postMessage(challenge);
  });
  if ('error' in solution) throw new Error(solution.error);
  return {
    payload: encodeCaptchaPayload(challenge, solution.solution),
    expiresAt: challenge.parameters.expiresAt,
  };
}
