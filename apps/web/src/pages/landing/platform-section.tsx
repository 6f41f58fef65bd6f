// The platform showcase (product-spec.md section 2): the dashboard drawing opens the external
// demo site in a new tab.
import { PlatformMockup } from './platform-mockup';
import { SectionHeading } from './section-heading';
import { MARKETING_CLAIMS, PLATFORM_DEMO_URL } from './site-content';

const HIGHLIGHTS = [
  'Link your broker account to an algorithm in a few clicks',
  'Backtest every strategy on minute-by-minute price history',
  'Market analyses: volatility, drawdowns and trend changes',
  'Capital, notional and profit/loss at a glance',
] as const;

export function PlatformSection() {
  return (
    <section id="platform" className="section section--surface" aria-labelledby="platform-title">
      <div className="section__inner platform">
        <div className="platform__copy">
          <SectionHeading
            id="platform-title"
            eyebrow="Platform"
            title="Everything you need, in one dashboard"
            lead={`Try it with ${MARKETING_CLAIMS.demoFunds} of virtual funds before you invest.`}
            align="start"
          />
          <ul className="platform__list">
            {HIGHLIGHTS.map((highlight) => (
              <li key={highlight}>{highlight}</li>
            ))}
          </ul>
        </div>
        {/* The link's name is its visible hint (WCAG 2.5.3, label in name), plus what the arrow says. */}
        <a className="platform__shot" href={PLATFORM_DEMO_URL} target="_blank" rel="noopener noreferrer">
          <PlatformMockup />
          <span className="platform__shot-hint">
            Open the demo <span aria-hidden="true">↗</span>
            <span className="visually-hidden"> (opens in a new tab)</span>
          </span>
        </a>
      </div>
    </section>
  );
}
