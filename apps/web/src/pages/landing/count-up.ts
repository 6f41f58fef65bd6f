// The numbers cards count from zero to their figure (product-spec.md section 9): 2000 ms plus
// 300 ms per card, eased out, shown in USD without decimals.

export const COUNT_UP_BASE_MS = 2000;
export const COUNT_UP_STEP_MS = 300;

/** How long the card at index (0-based) takes to reach its figure. */
export const countUpDuration = (index: number): number => COUNT_UP_BASE_MS + COUNT_UP_STEP_MS * index;

/** Cubic ease-out: fast at first, settling on the figure. Clamped to [0, 1]. */
export function easeOutCubic(progress: number): number {
  const t = Math.min(Math.max(progress, 0), 1);
  return 1 - (1 - t) ** 3;
}

/** The whole number shown elapsedMs into a count-up of durationMs towards target. */
export function countUpValue(target: number, elapsedMs: number, durationMs: number): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return target;
  return Math.round(target * easeOutCubic(elapsedMs / durationMs));
}

/**
 * 72569281 -> '72,569,281 USD': a whole number with its thousands grouped by commas, as Intl's
 * en-US format writes it (count-up.test.ts). Not Intl itself: the cards render with the landing's
 * first render, and the first Intl formatter a page makes costs Chromium 40-75 ms of loading the
 * locale's data, a long task right after the first paint on a slow phone (issue 35).
 */
export const formatUsd = (value: number): string =>
  `${String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} USD`;
