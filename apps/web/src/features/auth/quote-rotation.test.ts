import { describe, expect, it } from 'vitest';
import { QUOTES } from './quotes';
import { nextQuoteIndex, QUOTE_ROTATION_MS, quoteIndexAt } from './quote-rotation';

describe('quote rotation', () => {
  it('has the 60 quotes of the spec, each with its author, none twice', () => {
    expect(QUOTES).toHaveLength(60);
    expect(new Set(QUOTES.map((quote) => quote.text)).size).toBe(60);
    for (const quote of QUOTES) {
      expect(quote.text.length).toBeGreaterThan(10);
      expect(quote.author.length).toBeGreaterThan(2);
    }
  });

  it('starts on the quote of the current five-minute slot', () => {
    expect(quoteIndexAt(0, 60)).toBe(0);
    expect(quoteIndexAt(QUOTE_ROTATION_MS - 1, 60)).toBe(0);
    expect(quoteIndexAt(QUOTE_ROTATION_MS, 60)).toBe(1);
    expect(quoteIndexAt(61 * QUOTE_ROTATION_MS, 60)).toBe(1);
  });

  it('moves to the next quote and wraps around after the last', () => {
    expect(nextQuoteIndex(0, 60)).toBe(1);
    expect(nextQuoteIndex(59, 60)).toBe(0);
  });
});
