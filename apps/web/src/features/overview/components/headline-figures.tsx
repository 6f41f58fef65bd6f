// TOTALE CAPITALE, TOTALE NOZIONALE and PROFIT/LOSS. Side by side on wide screens; at 768px or
// less a carousel that moves on every 4 s, with a dot per figure to jump to it. It holds still
// while a mouse is over it or the keyboard focus is in it, so a figure can be read to the end;
// a tap on a dot does not stop it.
import { useEffect, useId, useState } from 'react';
import { formatEuro } from '../../../lib/format';
import { NARROW_SCREEN_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { CAROUSEL_INTERVAL_MS, nextSlide } from '../carousel';
import { profitOrLoss, type PortfolioTotals } from '../totals';

interface Figure {
  label: string;
  amount: number;
  tone?: 'profit' | 'loss';
}

export function HeadlineFigures({ totals }: { totals: PortfolioTotals }) {
  const figures: Figure[] = [
    { label: 'TOTALE CAPITALE', amount: totals.capital },
    { label: 'TOTALE NOZIONALE', amount: totals.notional },
    { label: 'PROFIT/LOSS', amount: totals.profitLoss, tone: profitOrLoss(totals.profitLoss) },
  ];
  const carousel = useMediaQuery(NARROW_SCREEN_QUERY);
  const [active, setActive] = useState(0);
  const [held, setHeld] = useState(false);
  const idPrefix = useId();

  // Restarted by every change of slide, so a dot chosen by hand also gets its full 4 s.
  useEffect(() => {
    if (!carousel || held) return;
    const timer = setTimeout(
      () => setActive((index) => nextSlide(index, figures.length)),
      CAROUSEL_INTERVAL_MS,
    );
    return () => clearTimeout(timer);
  }, [carousel, held, active, figures.length]);

  return (
    <section
      className="headline-figures"
      data-carousel={carousel}
      aria-label="Riepilogo"
      aria-roledescription={carousel ? 'carosello' : undefined}
      onPointerEnter={(event) => setHeld(event.pointerType === 'mouse')}
      onPointerLeave={() => setHeld(false)}
      onFocus={(event) => setHeld(event.target.matches(':focus-visible'))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <div
        className="headline-figures__track"
        style={carousel ? { transform: `translateX(-${active * 100}%)` } : undefined}
      >
        {figures.map((figure, index) => {
          const hidden = carousel && index !== active;
          return (
            <article
              key={figure.label}
              id={`${idPrefix}-${index}`}
              className={figure.tone ? `headline-figure headline-figure--${figure.tone}` : 'headline-figure'}
              aria-roledescription={carousel ? 'slide' : undefined}
              aria-hidden={hidden || undefined}
              inert={hidden}
            >
              <h2 className="headline-figure__label">{figure.label}</h2>
              <p className="headline-figure__amount">{formatEuro(figure.amount)}</p>
              {figure.tone && <span className="headline-figure__tag">{figure.tone}</span>}
            </article>
          );
        })}
      </div>
      {carousel && (
        <div className="headline-figures__dots" role="group" aria-label="Scegli la cifra">
          {figures.map((figure, index) => (
            <button
              key={figure.label}
              type="button"
              className="headline-figures__dot"
              aria-label={figure.label}
              aria-controls={`${idPrefix}-${index}`}
              aria-current={index === active || undefined}
              onClick={() => setActive(index)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
