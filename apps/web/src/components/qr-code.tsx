// An otpauth URL as a QR code (the login's OTP setup and the settings' 2FA), drawn on a canvas
// in the browser: the secret never leaves it. The QR library comes in a chunk of its own when a
// code is first drawn: the access screen and the dashboard show one only while 2FA is being set up.
import { useEffect, useRef } from 'react';
import './components.css';

const QR_SIZE = 160;

interface QrCodeProps {
  value: string;
  label: string;
  /** Drawing failed (e.g. a value too long for a QR code); logged to the console when not given. */
  onError?: (error: unknown) => void;
}

export function QrCode({ value, label, onError = (error) => console.error(error) }: QrCodeProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The latest handler without redrawing when only the handler changed.
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });
  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toCanvas(target, value, { width: QR_SIZE, margin: 1 }))
      .catch((error: unknown) => onErrorRef.current(error));
  }, [value]);
  return (
    <canvas ref={canvas} width={QR_SIZE} height={QR_SIZE} role="img" aria-label={label} className="qr-code" />
  );
}
