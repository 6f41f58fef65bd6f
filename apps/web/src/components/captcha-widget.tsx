// The captcha of the contact requests (product-spec.md sections 2 and 7): an ALTCHA proof of
// work solved automatically in the browser as soon as the form shows, with a status a screen
// reader announces. The payload works once: to send again, remount the widget (a new key).
import { useEffect, useEffectEvent, useState } from 'react';
import { refreshDelayMs } from '../lib/captcha/captcha-payload';
import { solveCaptcha } from '../lib/captcha/solve-captcha';
import './captcha-widget.css';

export interface CaptchaWidgetProps {
  /** The payload to send as the request's token. */
  onVerified: (payload: string) => void;
  /** The payload given before is no longer usable (expired, or a new attempt failed). */
  onReset?: () => void;
}

type Status = 'verifying' | 'verified' | 'error';

const STATUS_TEXT: Record<Status, string> = {
  verifying: 'Verifying you are human…',
  verified: 'Verified',
  error: 'Verification failed.',
};

export function CaptchaWidget({ onVerified, onReset }: CaptchaWidgetProps) {
  const [status, setStatus] = useState<Status>('verifying');
  /** Each new value starts a fresh challenge: the retry button and the expiry both bump it. */
  const [attempt, setAttempt] = useState(0);
  const verified = useEffectEvent(onVerified);
  const reset = useEffectEvent(() => onReset?.());
  const restart = () => {
    setStatus('verifying');
    setAttempt((current) => current + 1);
  };
  const expire = useEffectEvent(() => {
    reset();
    restart();
  });

  useEffect(() => {
    const controller = new AbortController();
    let refresh: ReturnType<typeof setTimeout> | undefined;
    solveCaptcha(controller.signal).then(
      ({ payload, expiresAt }) => {
        if (controller.signal.aborted) return;
        setStatus('verified');
        verified(payload);
        const delay = refreshDelayMs(expiresAt, Date.now());
        if (delay !== null) {
          refresh = setTimeout(expire, delay);
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Captcha verification failed', error);
        setStatus('error');
        reset();
      },
    );
    return () => {
      controller.abort();
      clearTimeout(refresh);
    };
  }, [attempt]);

  return (
    <div className={`captcha captcha--${status}`}>
      <span className="captcha__icon" aria-hidden="true">
        {status === 'verifying' ? <span className="captcha__spinner" /> : status === 'verified' ? '✓' : '!'}
      </span>
      <span className="captcha__text" role="status">
        {STATUS_TEXT[status]}
      </span>
      {status === 'error' && (
        <button type="button" className="link-button captcha__retry" onClick={restart}>
          Retry
        </button>
      )}
      <span className="captcha__brand">ALTCHA</span>
    </div>
  );
}
