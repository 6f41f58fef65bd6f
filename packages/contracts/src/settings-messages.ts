// The settings screen's texts of product-spec.md section 8 that messages.ts does not hold yet.

export const SETTINGS_MESSAGES = {
  verifyPasswordError: 'Errore nella verifica della password.',
  otpSecretError: 'Errore nella generazione del segreto OTP.',
  otpGenerateError: 'Errore nella generazione OTP.',
  otpDisabled: 'Autenticazione 2FA disattivata.',
} as const;
