// The footer of the public pages (product-spec.md section 1): legal entity, licence number,
// social links, the legal documents and the newsletter.
import { APP_NAME } from '@platform/contracts';
import { Link } from 'react-router';
import { Brand } from '../../components/brand';
import { NewsletterForm } from './newsletter-form';
import { COMPANY } from './site-content';
import { SocialLinks } from './social-links';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Brand />
          <p className="site-footer__about">
            Automated trading strategies on GOLD, NASDAQ and EURUSD, from Monaco.
          </p>
          <SocialLinks />
        </div>
        <nav className="site-footer__links" aria-label="Legal">
          <h2 className="site-footer__heading">Legal</h2>
          <Link to="/tos">Terms of Service</Link>
          <Link to="/privacy">Privacy Policy</Link>
        </nav>
        <div className="site-footer__newsletter">
          <h2 className="site-footer__heading">Stay informed</h2>
          <NewsletterForm />
        </div>
      </div>
      <div className="site-footer__legal">
        <p>
          © {new Date().getFullYear()} {COMPANY.legalEntity}, {COMPANY.seat} · {COMPANY.licence}
        </p>
        <p>{APP_NAME}: trading involves risk, and you can lose part or all of the capital you invest.</p>
      </div>
    </footer>
  );
}
