// Which quote shows when (product-spec.md section 9: rotation every 300000 ms, 500 ms fade).

export const QUOTE_ROTATION_MS = 300_000;
export const QUOTE_FADE_MS = 500;

/** The quote of a moment: visitors arriving at different times do not all start on the same one. */
export function quoteIndexAt(timeMs: number, count: number): number {
  return Math.floor(timeMs / QUOTE_ROTATION_MS) % count;
}

export const nextQuoteIndex = (index: number, count: number) => (index + 1) % count;
