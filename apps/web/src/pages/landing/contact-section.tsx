// The contact section: what happens with a request beside the form.
import { ContactForm } from './contact-form';
import { SectionHeading } from './section-heading';
import { COMPANY, MARKETING_CLAIMS } from './site-content';

export function ContactSection() {
  return (
    <section id="contact" className="section section--surface" aria-labelledby="contact-title">
      <div className="section__inner contact">
        <div className="contact__copy">
          <SectionHeading
            id="contact-title"
            eyebrow="Contact"
            title="Let's talk about your investments"
            lead={`Tell us about yourself and what you are looking for: we reply within ${MARKETING_CLAIMS.replyWithin}.`}
            align="start"
          />
          <ol className="contact__steps">
            <li>
              <strong>Send your request</strong> with the form.
            </li>
            <li>
              <strong>We review it</strong> and reply within {MARKETING_CLAIMS.replyWithin}.
            </li>
            <li>
              <strong>Set your password</strong> from the link we e-mail you, and log in.
            </li>
          </ol>
          <p className="contact__seat">
            {COMPANY.legalEntity} · {COMPANY.seat} · Support 24/7
          </p>
        </div>
        <div className="contact__card">
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
