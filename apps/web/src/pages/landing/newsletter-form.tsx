// The footer newsletter (product-spec.md section 2) only simulates subscribing: no call is made;
// after 1 s a thank-you message appears. The address must not be blank.
import { CONTACT_MESSAGES } from '@platform/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useDelayedAction } from './use-delayed-action';

export const NEWSLETTER_THANKS = 'Thank you for subscribing to our newsletter!';

export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);
  const subscribe = useDelayedAction(() => {
    setThanked(true);
    setEmail('');
  });
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setThanked(false);
    if (email.trim() === '') {
      setError(CONTACT_MESSAGES.emailRequired);
      return;
    }
    setError(null);
    subscribe.start();
  };

  return (
    <form className="newsletter" onSubmit={onSubmit} noValidate aria-label="Newsletter">
      <label htmlFor={inputId} className="newsletter__label">
        Subscribe to our newsletter
      </label>
      <div className="newsletter__row">
        <input
          id={inputId}
          className="input newsletter__input"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
        />
        <button
          type="submit"
          className="button button--accent newsletter__button"
          disabled={subscribe.pending}
          aria-busy={subscribe.pending}
        >
          {subscribe.pending && <span className="button-spinner" aria-hidden="true" />}
          Subscribe
        </button>
      </div>
      {error && (
        <p id={errorId} className="newsletter__error" role="alert">
          {error}
        </p>
      )}
      {thanked && (
        <p className="newsletter__thanks" role="alert">
          {NEWSLETTER_THANKS}
        </p>
      )}
    </form>
  );
}
