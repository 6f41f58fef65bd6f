// The contact section: what happens with a request beside the form. The form, with zod, the
// contracts and the API client it needs, is most of the landing's weight and is far down the page:
// it loads when it is a screen away from showing, and until then its place is an empty form.
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { loadChunk } from '../../lib/load-chunk';
import { CONTACT_OUTCOME } from './contact-outcome';
import { SectionHeading } from './section-heading';
import { COMPANY, MARKETING_CLAIMS } from './site-content';
import { useSeenOnce } from './use-in-view';

/** One viewport below the visible one: the form is usually there before the visitor is. */
const LOAD_AHEAD = '0px 0px 100% 0px';

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
          <LazyContactForm />
        </div>
      </div>
    </section>
  );
}

function LazyContactForm() {
  const placeholder = useRef<HTMLFormElement>(null);
  const near = useSeenOnce(placeholder, 0, LOAD_AHEAD);
  const [Form, setForm] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  /** Bumped by Retry to load again. */
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!near) return;
    let current = true;
    loadChunk(() => import('./contact-form-chunk')).then(
      (chunk) => {
        if (current) setForm(() => chunk.ContactFormWithToasts);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [near, attempt]);

  if (Form) return <Form />;
  return (
    <form
      ref={placeholder}
      className="contact-form contact-form--pending"
      aria-label="Contact form"
      aria-busy={!failed}
    >
      {failed && (
        <p className="contact-form__unavailable" role="alert">
          {CONTACT_OUTCOME.offline}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setFailed(false);
              setAttempt((current) => current + 1);
            }}
          >
            Retry
          </button>
        </p>
      )}
    </form>
  );
}
