// The three volume figures (product-spec.md section 2), counted up from zero once the section
// scrolls into view; on narrow screens they are a sideways carousel with dot navigation.
import { useRef, useState } from 'react';
import { countUpDuration, formatUsd } from './count-up';
import { nearestCard } from './numbers-carousel';
import { SectionHeading } from './section-heading';
import { useCountUp } from './use-count-up';
import { useSeenOnce } from './use-in-view';

const FIGURES = [
  { label: '24 Hour Volume', value: 72_569_281 },
  { label: '7 Days Volume', value: 507_963_967 },
  { label: '30 Days Volume', value: 2_176_228_430 },
] as const;

export function NumbersSection() {
  const section = useRef<HTMLElement>(null);
  const track = useRef<HTMLUListElement>(null);
  const seen = useSeenOnce(section);
  const [active, setActive] = useState(0);
  // True while the track glides to the card a dot picked: the cards it passes on the way do not
  // take the dot (it would flicker), until the scroll ends.
  const gliding = useRef(false);

  const stride = (list: HTMLUListElement) => {
    const [first, second] = Array.from(list.children) as HTMLElement[];
    return first && second ? second.offsetLeft - first.offsetLeft : (first?.offsetWidth ?? 0);
  };

  const showCard = (index: number) => {
    const list = track.current;
    if (!list) return;
    gliding.current = true;
    list.scrollTo({ left: index * stride(list), behavior: 'smooth' });
    setActive(index);
  };

  const cardInView = (list: HTMLUListElement) => nearestCard(list.scrollLeft, stride(list), FIGURES.length);

  return (
    <section id="numbers" ref={section} className="section section--numbers" aria-labelledby="numbers-title">
      <div className="section__inner">
        <SectionHeading
          id="numbers-title"
          eyebrow="Numbers"
          title="Volumes that speak for themselves"
          lead="The volume traded by the algorithms of our customers."
        />
        {/* On narrow screens the track scrolls sideways: focusable, so arrow keys scroll it too. */}
        <ul
          ref={track}
          className="numbers__track"
          tabIndex={0}
          aria-labelledby="numbers-title"
          onScroll={(event) => {
            if (!gliding.current) setActive(cardInView(event.currentTarget));
          }}
          onScrollEnd={(event) => {
            gliding.current = false;
            setActive(cardInView(event.currentTarget));
          }}
        >
          {FIGURES.map((figure, index) => (
            <NumberCard
              key={figure.label}
              label={figure.label}
              value={figure.value}
              index={index}
              started={seen}
            />
          ))}
        </ul>
        <div className="numbers__dots">
          {FIGURES.map((figure, index) => (
            <button
              key={figure.label}
              type="button"
              className={`numbers__dot${index === active ? ' numbers__dot--active' : ''}`}
              aria-label={`Show ${figure.label}`}
              aria-pressed={index === active}
              onClick={() => showCard(index)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

interface NumberCardProps {
  label: string;
  value: number;
  index: number;
  started: boolean;
}

function NumberCard({ label, value, index, started }: NumberCardProps) {
  const shown = useCountUp(value, countUpDuration(index), started);
  return (
    <li className="number-card">
      <h3 className="number-card__label">{label}</h3>
      {/* The final figure for screen readers; the moving one is only drawn. */}
      <p className="number-card__value">
        <span aria-hidden="true">{formatUsd(shown)}</span>
        <span className="visually-hidden">{formatUsd(value)}</span>
      </p>
    </li>
  );
}
