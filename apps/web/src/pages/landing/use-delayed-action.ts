// The marketing buttons act 1 s after the press (product-spec.md section 9), long enough for
// their busy state to show.
import { useEffect, useEffectEvent, useState } from 'react';

export const MARKETING_DELAY_MS = 1000;

/** pending is true from start() until the action ran; pressing again meanwhile does nothing. */
export function useDelayedAction(
  action: () => void,
  delayMs = MARKETING_DELAY_MS,
): { pending: boolean; start: () => void } {
  const [pending, setPending] = useState(false);
  const run = useEffectEvent(action);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      setPending(false);
      run();
    }, delayMs);
    return () => clearTimeout(timer);
  }, [pending, delayMs]);

  return { pending, start: () => setPending(true) };
}
