// The session-expiry dialog of product-spec.md section 2: the time left until the automatic
// logout, counting down each second. The provider owns the logout itself.
import { SESSION_MESSAGES } from '@platform/contracts';
import { useEffect, useId, useState } from 'react';
import { formatCountdown } from '../lib/format';
import { Dialog } from './dialog';

interface SessionExpiryDialogProps {
  /** Epoch ms of the automatic logout; null when the dialog is closed. */
  deadline: number | null;
  onStay: () => void;
  busy: boolean;
}

export function SessionExpiryDialog({ deadline, onStay, busy }: SessionExpiryDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={deadline !== null} labelledBy={titleId} describedBy={textId} role="alertdialog">
      <h2 id={titleId} className="dialog__title">
        {SESSION_MESSAGES.expiringTitle}
      </h2>
      <p id={textId} className="dialog__message">
        {SESSION_MESSAGES.expiringText}
      </p>
      {deadline !== null && <Countdown deadline={deadline} />}
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onStay} disabled={busy} autoFocus>
          {SESSION_MESSAGES.stillHere}
        </button>
      </div>
    </Dialog>
  );
}

function Countdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="dialog__countdown" role="timer" aria-live="off">
      {formatCountdown(deadline - now)}
    </p>
  );
}
