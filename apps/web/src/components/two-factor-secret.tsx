// A new 2FA secret as the user takes it into an authenticator app: its QR code, the secret as text
// and a link that opens the app. The login's setup speaks English and the settings Italian
// (product-spec.md section 4), so the words are the caller's.
import { QrCode } from './qr-code';
import './two-factor-secret.css';

export interface TwoFactorSecretLabels {
  qrCode: string;
  secret: string;
  addToApp: string;
}

interface TwoFactorSecretProps {
  secret: string;
  /** The otpauth:// address; absent when the server gave none (the secret is still shown). */
  otpAuthUrl: string | null;
  labels: TwoFactorSecretLabels;
  /** The QR code could not be drawn. */
  onQrError?: () => void;
}

export function TwoFactorSecret({ secret, otpAuthUrl, labels, onQrError }: TwoFactorSecretProps) {
  return (
    <div className="two-factor-secret">
      {otpAuthUrl && (
        <QrCode value={otpAuthUrl} label={labels.qrCode} {...(onQrError ? { onError: onQrError } : {})} />
      )}
      <div className="two-factor-secret__details">
        <p className="two-factor-secret__label">{labels.secret}</p>
        <code className="two-factor-secret__value" data-testid="otp-secret">
          {secret}
        </code>
        {otpAuthUrl && (
          <a className="button button--ghost" href={otpAuthUrl}>
            {labels.addToApp}
          </a>
        )}
      </div>
    </div>
  );
}
