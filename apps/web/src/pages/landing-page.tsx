// The public landing page, reduced to its header and hero until the full marketing site
// (about, numbers, platform, FAQ, contact, footer) arrives in its own issue.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Brand } from '../components/brand';
import { SiteFooter } from './site-footer';
import './pages.css';

/** The spec's marketing buttons act after 1 s, time for their pressed state to show. */
const MARKETING_DELAY_MS = 1000;

export function LandingPage() {
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    if (!starting) return;
    const timer = setTimeout(() => void navigate('/login'), MARKETING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [starting, navigate]);

  return (
    <div className="landing">
      <header className="site-header">
        <Brand />
        <Link to="/login" className="button button--light">
          Login
        </Link>
      </header>
      <main className="hero">
        <h1 className="hero__title">Your Reliable Investment Partner</h1>
        <p className="hero__text">
          Automated trading strategies on GOLD, NASDAQ and EURUSD, with backtests and market analyses before you invest.
        </p>
        <button type="button" className="button button--light hero__cta" onClick={() => setStarting(true)} disabled={starting}>
          {starting ? <span className="hero__spinner" aria-hidden="true" /> : null}
          Start Trading Now
        </button>
      </main>
      <SiteFooter />
    </div>
  );
}
