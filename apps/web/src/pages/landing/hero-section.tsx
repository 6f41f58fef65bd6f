// The hero (product-spec.md section 2): the tagline, 'Discover' (to the platform section after
// 1 s) and 'Start Trading Now' (to /login after 1 s), beside a card of drawn markets.
import { useNavigate } from 'react-router';
import { linePath, areaPath } from './chart-path';
import { ILLUSTRATION_SERIES } from './market-series';
import { scrollToSection } from './scroll-to-section';
import { MARKETING_CLAIMS } from './site-content';
import { useDelayedAction } from './use-delayed-action';

export function HeroSection() {
  const navigate = useNavigate();
  const discover = useDelayedAction(() => scrollToSection('platform'));
  const startTrading = useDelayedAction(() => void navigate('/login'));

  return (
    <section id="home" className="hero chart-grid" aria-labelledby="hero-title">
      <div className="hero__inner">
        <div className="hero__copy">
          <p className="eyebrow eyebrow--light">Automated trading · Based in Monaco</p>
          <h1 id="hero-title" className="hero__title">
            Your Reliable <span className="hero__accent">Investment Partner</span>
          </h1>
          <p className="hero__text">
            Put tested trading algorithms to work on GOLD, NASDAQ and EURUSD. Start with{' '}
            {MARKETING_CLAIMS.minimumDeposit}, practise on a demo account with {MARKETING_CLAIMS.demoFunds} of
            virtual funds, and trade commission-free on most operations.
          </p>
          <div className="hero__actions">
            <DelayedButton
              className="button button--ghost-light"
              pending={discover.pending}
              onClick={discover.start}
            >
              Discover
            </DelayedButton>
            <DelayedButton
              className="button button--accent"
              pending={startTrading.pending}
              onClick={startTrading.start}
            >
              Start Trading Now
            </DelayedButton>
          </div>
          <ul className="hero__facts">
            <li>
              <strong>{MARKETING_CLAIMS.minimumDeposit}</strong> minimum deposit
            </li>
            <li>
              <strong>0</strong> commission on most operations
            </li>
            <li>
              <strong>24/7</strong> support
            </li>
          </ul>
        </div>
        <MarketsCard />
      </div>
    </section>
  );
}

interface DelayedButtonProps {
  className: string;
  pending: boolean;
  onClick: () => void;
  children: string;
}

function DelayedButton({ className, pending, onClick, children }: DelayedButtonProps) {
  return (
    <button
      type="button"
      className={`${className} hero__button`}
      onClick={onClick}
      disabled={pending}
      aria-busy={pending}
    >
      {pending && <span className="button-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

const MARKETS = [
  { name: 'GOLD', detail: 'XAUUSD', series: ILLUSTRATION_SERIES.GOLD },
  { name: 'NASDAQ', detail: 'US100', series: ILLUSTRATION_SERIES.NASDAQ },
  { name: 'EURUSD', detail: 'Euro / US Dollar', series: ILLUSTRATION_SERIES.EURUSD },
] as const;

/** A drawing, not an icon, hidden from screen readers: the text beside it says what matters. */
function MarketsCard() {
  return (
    <div className="hero__card" aria-hidden="true">
      <div className="hero__card-head">
        <span>Markets we trade</span>
        <span className="hero__live">
          <span className="hero__live-dot" /> Algorithms at work
        </span>
      </div>
      {MARKETS.map((market) => (
        <div key={market.name} className="hero__market">
          <div>
            <div className="hero__market-name">{market.name}</div>
            <div className="hero__market-detail">{market.detail}</div>
          </div>
          <svg className="hero__spark" viewBox="0 0 120 36" preserveAspectRatio="none">
            <defs>
              <linearGradient id={`spark-${market.name}`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="#05c7f2" stopOpacity="0.45" />
                <stop offset="100%" stopColor="#05c7f2" stopOpacity="0" />
              </linearGradient>
            </defs>
            <path d={areaPath(market.series, 120, 36)} fill={`url(#spark-${market.name})`} />
            <path
              d={linePath(market.series, 120, 36)}
              fill="none"
              stroke="#05c7f2"
              strokeWidth="2"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        </div>
      ))}
      <div className="hero__card-foot">
        <span>Demo account</span>
        <strong>{MARKETING_CLAIMS.demoFunds}</strong>
      </div>
    </div>
  );
}
