// The public landing page (product-spec.md section 2): hero, about, numbers, platform, FAQ, an
// intermezzo image, contact and footer, under a fixed header whose menu jumps between them.
import { AboutSection } from './landing/about-section';
import { ContactSection } from './landing/contact-section';
import { FaqSection } from './landing/faq-section';
import { HeroSection } from './landing/hero-section';
import { IntermezzoSection } from './landing/intermezzo-section';
import { NumbersSection } from './landing/numbers-section';
import { PlatformSection } from './landing/platform-section';
import { SiteFooter } from './landing/site-footer';
import { SiteHeader } from './landing/site-header';
import { useDocumentTheme } from '../lib/theme';
import { useScrollOnArrival } from './landing/use-scroll-on-arrival';
import './landing/landing.css';

export function LandingPage() {
  useDocumentTheme();
  useScrollOnArrival();
  return (
    <div className="public-site">
      <SiteHeader onLanding />
      <main>
        <HeroSection />
        <AboutSection />
        <NumbersSection />
        <PlatformSection />
        <FaqSection />
        <IntermezzoSection />
        <ContactSection />
      </main>
      <SiteFooter />
    </div>
  );
}
