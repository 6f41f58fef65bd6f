// Form schemas built from the contract's, for fields that exist only on screen.
import { passwordResetSchema } from '@platform/contracts';
import * as z from 'zod';

/** New password twice; the mismatch message differs between the English and Italian screens. */
export const newPasswordFormSchema = (mismatchMessage: string) =>
  passwordResetSchema
    .pick({ newPassword: true })
    .extend({ confirmPassword: z.string() })
    .refine((form) => form.newPassword === form.confirmPassword, {
      message: mismatchMessage,
      path: ['confirmPassword'],
    });
export type NewPasswordForm = z.input<ReturnType<typeof newPasswordFormSchema>>;
