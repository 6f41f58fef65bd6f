import { describe, expect, it } from 'vitest';
import { otpCodeFormSchema } from '../../lib/two-factor/two-factor-api';
import { changePasswordFormSchema, verifyPasswordFormSchema } from './form-schemas';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const form = {
  currentPassword: 'old-password',
  newPassword: 'new-password-1',
  confirmPassword: 'new-password-1',
  otpCode: '',
};

describe('change password form', () => {
  it('accepts matching passwords without a code when 2FA is off', () => {
    expect(changePasswordFormSchema(false).safeParse(form).success).toBe(true);
  });

  it('says when the new passwords differ', () => {
    expect(
      messages(changePasswordFormSchema(false).safeParse({ ...form, confirmPassword: 'other-password' })),
    ).toEqual({
      confirmPassword: 'Le nuove password non coincidono.',
    });
  });

  it('requires the OTP code when 2FA is enabled, alongside the other messages', () => {
    expect(messages(changePasswordFormSchema(true).safeParse({ ...form, currentPassword: '' }))).toEqual({
      currentPassword: 'Inserisci la password corrente.',
      otpCode: 'Inserisci il codice OTP.',
    });
    expect(changePasswordFormSchema(true).safeParse({ ...form, otpCode: '123456' }).success).toBe(true);
  });
});

describe('2FA forms', () => {
  it('requires the current password', () => {
    expect(messages(verifyPasswordFormSchema.safeParse({ password: '' }))).toEqual({
      password: 'Inserisci la password corrente.',
    });
  });

  it('requires the OTP code', () => {
    expect(messages(otpCodeFormSchema.safeParse({ token: '' }))).toEqual({
      token: 'Inserisci il codice OTP.',
    });
    expect(messages(otpCodeFormSchema.safeParse({ token: '12ab56' }))).toEqual({
      token: 'Codice OTP non valido.',
    });
  });
});
