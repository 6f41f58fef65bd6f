// The settings' forms, built on the contract's schemas so they say what the server would.
import { changePasswordRequestSchema, OTP_MESSAGES, verifyPasswordRequestSchema } from '@platform/contracts';
import type * as z from 'zod';
import { otpCodeFormSchema } from '../../lib/two-factor/two-factor-api';

/**
 * Current, new and confirmed password, and the OTP code. The code is required only when the
 * user's 2FA is enabled (the server asks for it then); every message shows at once.
 */
export const changePasswordFormSchema = (otpRequired: boolean) =>
  changePasswordRequestSchema.refine((form) => !otpRequired || form.otpCode !== undefined, {
    message: OTP_MESSAGES.codeRequired,
    path: ['otpCode'],
    when: () => true,
  });
export type ChangePasswordForm = z.input<ReturnType<typeof changePasswordFormSchema>>;

export const verifyPasswordFormSchema = verifyPasswordRequestSchema;
export type VerifyPasswordForm = z.input<typeof verifyPasswordFormSchema>;

/** The six-digit code that turns 2FA on or off. */
/** Turning 2FA off: a current code and the current password, which the server asks for. */
export const disableOtpFormSchema = otpCodeFormSchema.extend({
  password: verifyPasswordRequestSchema.shape.password,
});
export type DisableOtpForm = z.input<typeof disableOtpFormSchema>;
