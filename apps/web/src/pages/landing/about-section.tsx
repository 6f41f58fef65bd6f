// About Us: who the company is and the marketing claims of product-spec.md section 1.
import { FeatureIcon, type FeatureIconName } from './feature-icons';
import { MARKETING_CLAIMS } from './site-content';

const FEATURES: readonly { icon: FeatureIconName; title: string; text: string }[] = [
  {
    icon: 'deposit',
    title: `${MARKETING_CLAIMS.minimumDeposit} minimum deposit`,
    text: 'Open an account with a small amount and grow your capital at your own pace.',
  },
  {
    icon: 'demo',
    title: `${MARKETING_CLAIMS.demoFunds} demo account`,
    text: 'Practise with virtual funds and watch the algorithms work before you invest real money.',
  },
  {
    icon: 'commission',
    title: 'Commission-free trading',
    text: 'No commission on most operations, so more of every result stays with you.',
  },
  {
    icon: 'support',
    title: '24/7 support',
    text: `Our team is there around the clock and replies to every request within ${MARKETING_CLAIMS.replyWithin}.`,
  },
];

export function AboutSection() {
  return (
    <section id="about" className="section section--page" aria-labelledby="about-title">
      <div className="section__inner about">
        <div className="about__copy">
          <p className="eyebrow">About Us</p>
          <h2 id="about-title" className="section-heading__title">
            Automated investing, built in Monaco
          </h2>
          <p>
            We are a Monaco-based team of traders and engineers. Our platform links your broker account to
            trading algorithms that follow precise, tested rules on GOLD, NASDAQ and EURUSD, day and night.
          </p>
          <p>
            Every strategy can be backtested on years of minute-by-minute price history and studied with
            market analyses before a single euro is at work, and you follow your capital and profit/loss from
            one dashboard.
          </p>
        </div>
        <ul className="about__features">
          {FEATURES.map((feature) => (
            <li key={feature.icon} className="feature-card">
              <span className="feature-card__icon">
                <FeatureIcon name={feature.icon} />
              </span>
              <h3 className="feature-card__title">{feature.title}</h3>
              <p className="feature-card__text">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
