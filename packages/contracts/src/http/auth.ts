// Request and response shapes of the Auth calls (product-spec.md section 7).
import * as z from 'zod';
import { otpStatusSchema, requestStatusSchema, roleSchema } from '../enums';
import { CONTACT_MESSAGES, OTP_MESSAGES, PASSWORD_MESSAGES, RESET_MESSAGES } from '../messages';
import { endpoint } from './endpoint';

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 256;

/** Empty strings from forms mean "not given". */
const blankAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const otpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, OTP_MESSAGES.invalidSettings);
const optionalOtpCodeSchema = z.preprocess(blankAsUndefined, otpCodeSchema.optional());

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, CONTACT_MESSAGES.emailRequired)
  .max(254, CONTACT_MESSAGES.emailInvalid)
  .pipe(z.email(CONTACT_MESSAGES.emailInvalid));

/** Login names are compared in lower case; unknown or malformed ones fail as wrong credentials. */
const usernameSchema = z.string().trim().toLowerCase().min(1, 'Inserisci lo username.').max(254);

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, 'La password è troppo lunga.');

const currentPasswordSchema = z
  .string()
  .min(1, PASSWORD_MESSAGES.currentRequired)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.wrong);

export const sessionUserSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  role: roleSchema,
  isPro: z.boolean(),
  request: z.object({ status: requestStatusSchema }),
  otp: z.object({ status: otpStatusSchema }),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A password, or the remember token issued by an earlier login with rememberMe. */
export const loginRequestSchema = z
  .object({
    username: usernameSchema,
    password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    rememberToken: z.string().max(200).optional(),
    otpCode: optionalOtpCodeSchema,
    rememberMe: z.boolean().optional(),
  })
  .refine((body) => Boolean(body.password) || Boolean(body.rememberToken), {
    message: 'Inserisci la password.',
    path: ['password'],
  });
/** What the client sends. */
export type LoginRequest = z.input<typeof loginRequestSchema>;
/** What the server works with after parsing. */
export type LoginInput = z.output<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  jwt: z.string(),
  refreshToken: z.string(),
  user: sessionUserSchema,
  /** Present when the login asked to be remembered: replaces the stored one. */
  rememberToken: z.string().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * The login of a role that must have 2FA (REQUIRE_2FA_FOR) and has none yet: no session, only a
 * short-lived token that otp/enable and otp/verify accept; the verified code answers the session.
 */
export const otpSetupRequiredResponseSchema = z.object({
  otpSetupToken: z.string(),
  user: sessionUserSchema,
});
export type OtpSetupRequiredResponse = z.infer<typeof otpSetupRequiredResponseSchema>;

export const loginResultSchema = z.union([loginResponseSchema, otpSetupRequiredResponseSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(200) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;
export const refreshResponseSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** rememberToken: the device's saved auto-login, which the logout revokes with the session. */
export const logoutRequestSchema = z.object({
  refreshToken: z.string().max(200).optional(),
  rememberToken: z.string().max(200).optional(),
});
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

/** POST /api/auth/remember-token/revoke: 'Not {user}?' on the access screen ends that saved auto-login. */
export const rememberTokenRevokeRequestSchema = z.object({ rememberToken: z.string().min(1).max(200) });
export type RememberTokenRevokeRequest = z.infer<typeof rememberTokenRevokeRequestSchema>;

/** A contact request: becomes a pending user that an admin approves. token is the ALTCHA payload. */
export const registerRequestSchema = z.object({
  firstname: z
    .string({ error: CONTACT_MESSAGES.nameRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.nameRequired)
    .min(2, CONTACT_MESSAGES.nameTooShort)
    .max(100),
  lastname: z.string().trim().max(100).optional(),
  username: emailSchema,
  message: z
    .string({ error: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .min(10, CONTACT_MESSAGES.messageTooShort)
    .max(5000),
  token: z
    .string({ error: CONTACT_MESSAGES.captchaRequired })
    .min(1, CONTACT_MESSAGES.captchaRequired)
    .max(10_000),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
    otpCode: optionalOtpCodeSchema,
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: PASSWORD_MESSAGES.mismatchSettings,
    path: ['confirmPassword'],
  });
/** What the client sends. */
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;
/** What the server works with after parsing. */
export type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;

export const verifyPasswordRequestSchema = z.object({ password: currentPasswordSchema });
export type VerifyPasswordRequest = z.infer<typeof verifyPasswordRequestSchema>;
/** revealKey: 64 hex characters, the AES-256 key of this session's credential ciphertexts. */
export const verifyPasswordResponseSchema = z.object({ revealKey: z.string().regex(/^[0-9a-f]{64}$/) });
export type VerifyPasswordResponse = z.infer<typeof verifyPasswordResponseSchema>;

/** GET /api/auth/otp/url (settings shape). */
export const otpUrlResponseSchema = z.object({ otpAuthUrl: z.string(), secret: z.string() });
export type OtpUrlResponse = z.infer<typeof otpUrlResponseSchema>;
/** POST /api/auth/otp/enable (login-screen shape). */
export const otpEnableResponseSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type OtpEnableResponse = z.infer<typeof otpEnableResponseSchema>;

export const otpVerifyRequestSchema = z.object({
  token: z
    .string({ error: OTP_MESSAGES.codeRequired })
    .trim()
    .min(1, OTP_MESSAGES.codeRequired)
    .pipe(otpCodeSchema),
  /** The secret shown to the user; when given it must be the one being set up. */
  secret: z.string().max(200).optional(),
});
export type OtpVerifyRequest = z.infer<typeof otpVerifyRequestSchema>;
/** null, or the session when the call finished a setup required at login. */
export const otpVerifyResponseSchema = loginResponseSchema.nullable();
export type OtpVerifyResponse = z.infer<typeof otpVerifyResponseSchema>;

/** Setting up 2FA needs the current password, unless the session proved it in the last minutes. */
export const otpEnableRequestSchema = z.object({ password: currentPasswordSchema.optional() });
export type OtpEnableRequest = z.infer<typeof otpEnableRequestSchema>;

/**
 * token is needed to turn off an enabled OTP, with the current password unless the session proved
 * it in the last minutes; skipping the setup needs neither.
 */
export const otpDisableRequestSchema = z.object({
  token: optionalOtpCodeSchema,
  password: currentPasswordSchema.optional(),
});
/** What the client sends. */
export type OtpDisableRequest = z.input<typeof otpDisableRequestSchema>;
/** What the server works with after parsing. */
export type OtpDisableInput = z.output<typeof otpDisableRequestSchema>;

export const passwordResetRequestSchema = z.object({
  username: emailSchema,
  otpCode: optionalOtpCodeSchema,
});
/** What the client sends. */
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;
/** What the server works with after parsing. */
export type PasswordResetRequestInput = z.output<typeof passwordResetRequestSchema>;

export const passwordResetSchema = z.object({
  token: z.string().trim().min(1, RESET_MESSAGES.tokenInvalid).max(200, RESET_MESSAGES.tokenInvalid),
  newPassword: newPasswordSchema,
});
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/** The ALTCHA challenge the contact form's widget solves. */
export const captchaChallengeSchema = z.record(z.string(), z.unknown());
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

export const AUTH_API = {
  captcha: endpoint({
    method: 'GET',
    path: '/api/auth/captcha',
    access: 'public',
    summary: "An ALTCHA challenge for the contact form's proof of work.",
    response: captchaChallengeSchema,
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    summary:
      'Logs in with a password or a remember token; a missing 2FA code is a 401 with requiresOtp, a required 2FA not set up answers a setup token.',
    body: loginRequestSchema,
    response: loginResultSchema,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/auth/refresh',
    access: 'public',
    summary: 'Rotates the refresh token and answers a new access token.',
    body: refreshRequestSchema,
    response: refreshResponseSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    access: 'optional-session',
    summary: "Ends the caller's session, if any, and revokes the refresh and remember tokens sent.",
    body: logoutRequestSchema,
    response: z.null(),
  }),
  revokeRememberToken: endpoint({
    method: 'POST',
    path: '/api/auth/remember-token/revoke',
    access: 'public',
    summary: "Revokes a device's saved auto-login; the token proves the right to do it.",
    body: rememberTokenRevokeRequestSchema,
    response: z.null(),
  }),
  logoutEverywhere: endpoint({
    method: 'POST',
    path: '/api/auth/logout-everywhere',
    access: 'signed-in',
    summary: 'Ends every session and saved auto-login of the caller, this one included.',
    response: z.null(),
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/auth/me',
    access: 'signed-in',
    summary: 'The signed-in user.',
    response: sessionUserSchema,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    access: 'public',
    summary: 'A contact request with a solved captcha: becomes a pending user an admin reviews.',
    body: registerRequestSchema,
    response: z.null(),
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/auth/change-password',
    access: 'signed-in',
    summary: "Changes the caller's password, with the current one and the 2FA code when enabled.",
    body: changePasswordRequestSchema,
    response: z.null(),
  }),
  verifyPassword: endpoint({
    method: 'POST',
    path: '/api/auth/verify-password',
    access: 'signed-in',
    summary: "Checks the caller's password and answers the session's reveal key of account credentials.",
    body: verifyPasswordRequestSchema,
    response: verifyPasswordResponseSchema,
  }),
  otpUrl: endpoint({
    method: 'GET',
    path: '/api/auth/otp/url',
    access: 'signed-in',
    summary: 'A new pending TOTP secret and its otpauth URL, for the 2FA setup in the settings.',
    response: otpUrlResponseSchema,
  }),
  otpEnable: endpoint({
    method: 'POST',
    path: '/api/auth/otp/enable',
    access: 'otp-setup',
    summary: 'A new pending TOTP secret and its otpauth URL, for the 2FA setup a login offered or demanded.',
    body: otpEnableRequestSchema,
    response: otpEnableResponseSchema,
  }),
  otpVerify: endpoint({
    method: 'POST',
    path: '/api/auth/otp/verify',
    access: 'otp-setup',
    summary: 'Enables 2FA with a code of the pending secret; a setup the login demanded answers the session.',
    body: otpVerifyRequestSchema,
    response: otpVerifyResponseSchema,
  }),
  otpDisable: endpoint({
    method: 'POST',
    path: '/api/auth/otp/disable',
    access: 'signed-in',
    summary: 'Turns 2FA off with a code and the password, or skips the setup a login offered.',
    body: otpDisableRequestSchema,
    response: z.null(),
  }),
  passwordResetRequest: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset/request',
    access: 'public',
    summary: 'Mails a password reset link to the user, when there is one; the answer is the same either way.',
    body: passwordResetRequestSchema,
    response: z.null(),
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset',
    access: 'public',
    summary: "Sets a new password with a reset link's token.",
    body: passwordResetSchema,
    response: z.null(),
  }),
};
