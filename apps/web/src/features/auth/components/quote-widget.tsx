// A motivational finance quote that changes every five minutes with a half-second fade
// (product-spec.md sections 2 and 9).
import { useEffect, useState } from 'react';
import { useHydrated } from '../../../lib/hydration';
import { nextQuoteIndex, QUOTE_FADE_MS, QUOTE_ROTATION_MS, quoteIndexAt } from '../quote-rotation';
import { QUOTES } from '../quotes';

export function QuoteWidget() {
  const hydrated = useHydrated();
  const [index, setIndex] = useState(() => quoteIndexAt(Date.now(), QUOTES.length));
  const [fading, setFading] = useState(false);
  useEffect(() => {
    let swap: ReturnType<typeof setTimeout> | undefined;
    const rotation = setInterval(() => {
      setFading(true);
      swap = setTimeout(() => {
        setIndex((current) => nextQuoteIndex(current, QUOTES.length));
        setFading(false);
      }, QUOTE_FADE_MS);
    }, QUOTE_ROTATION_MS);
    return () => {
      clearInterval(rotation);
      clearTimeout(swap);
    };
  }, []);
  // Drawn at build time, the page shows the first quote until the browser has taken it over.
  const quote = QUOTES[hydrated ? index : 0];
  if (!quote) return null;
  return (
    <figure className={fading ? 'quote quote--fading' : 'quote'}>
      <blockquote className="quote__text">
        <p>{quote.text}</p>
      </blockquote>
      <figcaption className="quote__author">{quote.author}</figcaption>
    </figure>
  );
}
