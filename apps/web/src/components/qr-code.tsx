// The otpauth URL as a QR code, drawn on a canvas in the browser: the secret never leaves it.
import QRCode from 'qrcode';
import { useEffect, useRef } from 'react';

const QR_SIZE = 160;

export function QrCode({ value, label }: { value: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    QRCode.toCanvas(canvas.current, value, { width: QR_SIZE, margin: 1 }).catch((error: unknown) => console.error(error));
  }, [value]);
  return <canvas ref={canvas} width={QR_SIZE} height={QR_SIZE} role="img" aria-label={label} className="qr-code" />;
}
