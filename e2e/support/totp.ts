// TOTP codes as an authenticator app makes them (SHA1, 6 digits, 30 s). The server accepts each
// time step once, so a second code must come from a later step than the last one used.
import { Secret, TOTP } from 'otpauth';

const PERIOD_S = 30;

export interface TotpCode {
  code: string;
  /** The 30 s step the code belongs to. */
  step: number;
}

const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD_S);

/** A code of the current step, or of the next one after it when `after` is the current step. */
export async function totpCode(secret: string, after = -1): Promise<TotpCode> {
  while (currentStep() <= after) {
    const msToNextStep = PERIOD_S * 1000 - (Date.now() % (PERIOD_S * 1000));
    await new Promise((wake) => setTimeout(wake, msToNextStep + 50));
  }
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: PERIOD_S });
  const step = currentStep();
  return { code: totp.generate({ timestamp: step * PERIOD_S * 1000 }), step };
}
