// True once the element has come into view, and from then on: the numbers count up once, the
// contact form loads once. rootMargin widens the view, to start before the element shows.
import { useEffect, useState, type RefObject } from 'react';

export function useSeenOnce(
  target: RefObject<Element | null>,
  threshold = 0.35,
  rootMargin = '0px',
): boolean {
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const element = target.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, target, threshold, rootMargin]);

  return seen;
}
