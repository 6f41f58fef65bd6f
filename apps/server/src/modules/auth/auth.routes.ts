// The Auth calls of product-spec.md section 7, plus logout, me and the captcha challenge.
import { AUTH_API, USERS_API } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import { caller, originOf } from '../../plugins/authentication';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import { toManagedUser } from '../users/users.service';
import type { AuthService } from './auth.service';
import type { OtpActor, OtpService } from './otp.service';
import type { PasswordsService } from './passwords.service';
import type { RegistrationService } from './registration.service';
import { toSessionUser } from './session-user';

export interface AuthServices {
  auth: AuthService;
  otp: OtpService;
  passwords: PasswordsService;
  registration: RegistrationService;
}

const MINUTE = 60_000;

/**
 * Request rates per address, kept in memory. Password and code guessing is held back by the
 * login throttle's counters in the database (login-throttle.ts), which these only thin out.
 */
const limits = {
  login: { max: 60, timeWindow: MINUTE },
  otp: { max: 30, timeWindow: MINUTE },
  refresh: { max: 30, timeWindow: MINUTE },
  rememberRevoke: { max: 30, timeWindow: MINUTE },
  logoutEverywhere: { max: 10, timeWindow: MINUTE },
  register: { max: 5, timeWindow: 10 * MINUTE },
  captcha: { max: 30, timeWindow: MINUTE },
  resetRequest: { max: 5, timeWindow: 15 * MINUTE },
  reset: { max: 10, timeWindow: MINUTE },
  verifyPassword: { max: 10, timeWindow: MINUTE },
  changePassword: { max: 10, timeWindow: MINUTE },
};

function otpActor(request: FastifyRequest): OtpActor {
  if (request.otpSetup)
    return { user: request.otpSetup.user, sessionId: null, setupIssuedAt: request.otpSetup.claims.issuedAt };
  const { user, sessionId } = caller(request);
  return { user, sessionId, setupIssuedAt: null };
}

export function authRoutes(route: DeclareRoute, services: AuthServices): void {
  const { auth, otp, passwords, registration } = services;

  route(AUTH_API.login, ({ request, body }) => auth.login(body, originOf(request)), {
    config: { rateLimit: limits.login },
  });

  route(AUTH_API.refresh, ({ request, body }) => auth.refresh(body.refreshToken, originOf(request)), {
    config: { rateLimit: limits.refresh },
  });

  route(AUTH_API.logout, async ({ request, body }) => {
    await auth.logout(request.auth, body, originOf(request));
    return null;
  });

  route(
    AUTH_API.revokeRememberToken,
    async ({ request, body }) => {
      await auth.revokeRememberToken(body.rememberToken, originOf(request));
      return null;
    },
    { config: { rateLimit: limits.rememberRevoke } },
  );

  route(
    AUTH_API.logoutEverywhere,
    async ({ request }) => {
      await auth.logoutEverywhere(caller(request), originOf(request));
      return null;
    },
    { config: { rateLimit: limits.logoutEverywhere } },
  );

  route(AUTH_API.me, ({ request }) => toSessionUser(caller(request).user));

  route(AUTH_API.captcha, () => registration.challenge(), { config: { rateLimit: limits.captcha } });

  route(
    AUTH_API.register,
    async ({ request, body }) => {
      await registration.register(body, originOf(request));
      return null;
    },
    { config: { rateLimit: limits.register } },
  );

  route(
    AUTH_API.changePassword,
    async ({ request, body }) => {
      await passwords.change(caller(request), body, originOf(request));
      return null;
    },
    { config: { rateLimit: limits.changePassword } },
  );

  route(
    AUTH_API.verifyPassword,
    ({ request, body }) => passwords.verify(caller(request), body.password, originOf(request)),
    { config: { rateLimit: limits.verifyPassword } },
  );

  route(
    AUTH_API.otpUrl,
    async ({ request }) => {
      // A GET has no body: the settings verify the password first.
      const setup = await otp.startSetup(otpActor(request), undefined, originOf(request));
      return { otpAuthUrl: setup.uri, secret: setup.secret };
    },
    { config: { rateLimit: limits.otp } },
  );

  route(
    AUTH_API.otpEnable,
    async ({ request, body }) => {
      const setup = await otp.startSetup(otpActor(request), body.password, originOf(request));
      return { secret: setup.secret, otpauth_url: setup.uri };
    },
    { config: { rateLimit: limits.otp } },
  );

  route(
    AUTH_API.otpVerify,
    async ({ request, body }) => {
      const { user } = otpActor(request);
      await otp.verify(user, body, originOf(request));
      // A setup the login demanded ends in the session it held back.
      return request.otpSetup ? auth.completeOtpSetup(request.otpSetup.claims, originOf(request)) : null;
    },
    { config: { rateLimit: limits.otp } },
  );

  route(
    AUTH_API.otpDisable,
    async ({ request, body }) => {
      await otp.disable(otpActor(request), body, originOf(request));
      return null;
    },
    { config: { rateLimit: limits.otp } },
  );

  route(USERS_API.resetOtp, async ({ request, params }) =>
    toManagedUser(await otp.resetByAdmin(caller(request).user.id, params.id, originOf(request))),
  );

  route(
    AUTH_API.passwordResetRequest,
    async ({ request, body }) => {
      await passwords.requestReset(body, originOf(request));
      return null;
    },
    { config: { rateLimit: limits.resetRequest } },
  );

  route(
    AUTH_API.passwordReset,
    async ({ request, body }) => {
      await passwords.reset(body, originOf(request));
      return null;
    },
    { config: { rateLimit: limits.reset } },
  );
}
