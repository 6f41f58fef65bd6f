// The Auth calls of product-spec.md section 7, plus logout, me and the captcha challenge.
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  otpDisableRequestSchema,
  otpEnableRequestSchema,
  otpVerifyRequestSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  refreshRequestSchema,
  rememberTokenRevokeRequestSchema,
  registerRequestSchema,
  verifyPasswordRequestSchema,
} from '@platform/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, parse } from '../../lib/http';
import * as z from 'zod';
import { caller, originOf, type Guards } from '../../plugins/authentication';
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

const idParams = z.object({ id: z.uuid('Utente non trovato.') });

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
  if (request.otpSetup) return { user: request.otpSetup.user, sessionId: null, setupIssuedAt: request.otpSetup.claims.issuedAt };
  const { user, sessionId } = caller(request);
  return { user, sessionId, setupIssuedAt: null };
}

export function authRoutes(app: FastifyInstance, services: AuthServices, guards: Guards): void {
  const { auth, otp, passwords, registration } = services;

  app.post('/api/auth/login', { config: { rateLimit: limits.login } }, async (request) =>
    ok(await auth.login(parse(loginRequestSchema, request.body), originOf(request))),
  );

  app.post('/api/auth/refresh', { config: { rateLimit: limits.refresh } }, async (request) =>
    ok(await auth.refresh(parse(refreshRequestSchema, request.body).refreshToken, originOf(request))),
  );

  app.post('/api/auth/logout', { preHandler: guards.optional }, async (request) => {
    await auth.logout(request.auth, parse(logoutRequestSchema, request.body), originOf(request));
    return ok(null);
  });

  app.post('/api/auth/remember-token/revoke', { config: { rateLimit: limits.rememberRevoke } }, async (request) => {
    await auth.revokeRememberToken(parse(rememberTokenRevokeRequestSchema, request.body).rememberToken, originOf(request));
    return ok(null);
  });

  app.post(
    '/api/auth/logout-everywhere',
    { preHandler: guards.authenticated, config: { rateLimit: limits.logoutEverywhere } },
    async (request) => {
      await auth.logoutEverywhere(caller(request), originOf(request));
      return ok(null);
    },
  );

  app.get('/api/auth/me', { preHandler: guards.authenticated }, (request) => ok(toSessionUser(caller(request).user)));

  app.get('/api/auth/captcha', { config: { rateLimit: limits.captcha } }, async () => ok(await registration.challenge()));

  app.post('/api/auth/register', { config: { rateLimit: limits.register } }, async (request) => {
    await registration.register(parse(registerRequestSchema, request.body), originOf(request));
    return ok(null);
  });

  app.post(
    '/api/auth/change-password',
    { preHandler: guards.authenticated, config: { rateLimit: limits.changePassword } },
    async (request) => {
      await passwords.change(caller(request), parse(changePasswordRequestSchema, request.body), originOf(request));
      return ok(null);
    },
  );

  app.post(
    '/api/auth/verify-password',
    { preHandler: guards.authenticated, config: { rateLimit: limits.verifyPassword } },
    async (request) => {
      const { password } = parse(verifyPasswordRequestSchema, request.body);
      return ok(await passwords.verify(caller(request), password, originOf(request)));
    },
  );

  app.get('/api/auth/otp/url', { preHandler: guards.authenticated, config: { rateLimit: limits.otp } }, async (request) => {
    // A GET has no body: the settings verify the password first.
    const setup = await otp.startSetup(otpActor(request), undefined, originOf(request));
    return ok({ otpAuthUrl: setup.uri, secret: setup.secret });
  });

  app.post('/api/auth/otp/enable', { preHandler: guards.sessionOrOtpSetup, config: { rateLimit: limits.otp } }, async (request) => {
    const { password } = parse(otpEnableRequestSchema, request.body);
    const setup = await otp.startSetup(otpActor(request), password, originOf(request));
    return ok({ secret: setup.secret, otpauth_url: setup.uri });
  });

  app.post('/api/auth/otp/verify', { preHandler: guards.sessionOrOtpSetup, config: { rateLimit: limits.otp } }, async (request) => {
    const { user } = otpActor(request);
    await otp.verify(user, parse(otpVerifyRequestSchema, request.body), originOf(request));
    // A setup the login demanded ends in the session it held back.
    return ok(request.otpSetup ? await auth.completeOtpSetup(request.otpSetup.claims, originOf(request)) : null);
  });

  app.post('/api/auth/otp/disable', { preHandler: guards.authenticated, config: { rateLimit: limits.otp } }, async (request) => {
    await otp.disable(otpActor(request), parse(otpDisableRequestSchema, request.body), originOf(request));
    return ok(null);
  });

  app.patch('/api/admin/users/:id/reset-otp', { preHandler: guards.roles('admin') }, async (request) => {
    const { id } = parse(idParams, request.params);
    return ok(toManagedUser(await otp.resetByAdmin(caller(request).user.id, id, originOf(request))));
  });

  app.post('/api/auth/password-reset/request', { config: { rateLimit: limits.resetRequest } }, async (request) => {
    await passwords.requestReset(parse(passwordResetRequestSchema, request.body), originOf(request));
    return ok(null);
  });

  app.post('/api/auth/password-reset', { config: { rateLimit: limits.reset } }, async (request) => {
    await passwords.reset(parse(passwordResetSchema, request.body), originOf(request));
    return ok(null);
  });
}
