// Form schemas built from the contract's, for fields that exist only on screen.
import { otpVerifyRequestSchema, passwordResetSchema } from '@platform/contracts';
import * as z from 'zod';

/** The six-digit code of the code step and of the setup. */
export const otpCodeFormSchema = otpVerifyRequestSchema.pick({ token: true });
export type OtpCodeForm = z.input<typeof otpCodeFormSchema>;

/** New password twice; the mismatch message differs between the English and Italian screens. */
export const newPasswordFormSchema = (mismatchMessage: string) =>
  passwordResetSchema
    .pick({ newPassword: true })
    .extend({ confirmPassword: z.string() })
    .refine((form) => form.newPassword === form.confirmPassword, { message: mismatchMessage, path: ['confirmPassword'] });
export type NewPasswordForm = z.input<ReturnType<typeof newPasswordFormSchema>>;
