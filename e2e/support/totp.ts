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

const codeOf = (secret: string, step: number): TotpCode => {
  const totp = new TOTP({
    secret: Secret.fromBase32(secret.replace(/\s+/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
  });
  return { code: totp.generate({ timestamp: step * PERIOD_S * 1000 }), step };
};

const untilNextStep = () =>
  new Promise((wake) => setTimeout(wake, PERIOD_S * 1000 - (Date.now() % (PERIOD_S * 1000)) + 50));

/** A code of the current step, or of the next one after it when `after` is the current step. */
export async function totpCode(secret: string, after = -1): Promise<TotpCode> {
  while (currentStep() <= after) await untilNextStep();
  return codeOf(secret, currentStep());
}

/**
 * A code of a step after `after`, as soon as the server would take it: it accepts a code of the
 * next step too (one step of drift), so the clock is waited for only when that one is used too.
 */
export async function nextTotpCode(secret: string, after: number): Promise<TotpCode> {
  while (currentStep() + 1 <= after) await untilNextStep();
  return codeOf(secret, Math.max(currentStep(), after + 1));
}

/**
 * The 2FA the helpers had to set up for accounts whose role must have it (REQUIRE_2FA_FOR, the
 * admin by default), by server and username, with the last step used: later logins need its codes.
 */
const requiredOtp = new Map<string, { secret: string; lastStep: number }>();

export function rememberRequiredOtp(baseUrl: string, username: string, secret: string, step: number): void {
  requiredOtp.set(`${new URL(baseUrl).origin} ${username}`, { secret, lastStep: step });
}

/** A fresh code of an account the helpers set up 2FA for; the step counts as used. */
export async function requiredOtpCode(baseUrl: string, username: string): Promise<string> {
  const otp = requiredOtp.get(`${new URL(baseUrl).origin} ${username}`);
  if (!otp) throw new Error(`${username} has 2FA that the helpers did not set up: no code to log in with.`);
  const code = await nextTotpCode(otp.secret, otp.lastStep);
  otp.lastStep = code.step;
  return code.code;
}
