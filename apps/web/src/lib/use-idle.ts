// What a screen can leave until the browser has nothing else to do. On a drawn page the work right
// after hydrating runs in one task, which a slow phone's first tap waits behind; what is not on
// screen yet (a forecast still to be fetched) need not be part of it (issue 35).
import { startTransition, useEffect, useState } from 'react';

/** Longest wait for an idle moment, after which the work is done anyway. */
const IDLE_TIMEOUT_MS = 2_000;

function whenIdle(run: () => void): () => void {
  // Safari has no requestIdleCallback: a short timer puts the work after the current tasks at least.
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(run, 100);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  return () => cancelIdleCallback(handle);
}

/** False until the browser has been idle once since the component mounted. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}
