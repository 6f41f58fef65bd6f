// Drives a count-up frame by frame once started. With reduced motion the figure shows at once.
import { useEffect, useState } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';
import { countUpValue } from './count-up';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function useCountUp(target: number, durationMs: number, started: boolean): number {
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [value, setValue] = useState(0);
  const animate = started && !reducedMotion;

  useEffect(() => {
    if (!animate) return;
    let frame = 0;
    let startedAt: number | undefined;
    const step = (now: number) => {
      startedAt ??= now;
      const elapsed = now - startedAt;
      setValue(countUpValue(target, elapsed, durationMs));
      if (elapsed < durationMs) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [animate, target, durationMs]);

  if (reducedMotion) return target;
  return value;
}
