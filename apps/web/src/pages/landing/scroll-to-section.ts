// Scrolls the landing to one of its sections: smoothly, unless the visitor asked for less motion.
import { REDUCED_MOTION_QUERY } from './use-count-up';

export function scrollToSection(id: string): void {
  const smooth = !window.matchMedia(REDUCED_MOTION_QUERY).matches;
  document.getElementById(id)?.scrollIntoView({ behavior: smooth ? 'smooth' : 'instant', block: 'start' });
}
