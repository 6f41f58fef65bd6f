// The Auth calls of product-spec.md section 7, plus logout, me and the captcha challenge.
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  otpDisableRequestSchema,
  otpVerifyRequestSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  refreshRequestSchema,
  registerRequestSchema,
  verifyPasswordRequestSchema,
} from '@platform/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, parse } from '../../lib/http';
import { caller, originOf, type Guards } from '../../plugins/authentication';
import type { AuthService } from './auth.service';
import type { OtpService } from './otp.service';
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

const usernameOf = (body: unknown) => {
  const username = (body as { username?: unknown } | null | undefined)?.username;
  return typeof username === 'string' ? username.trim().toLowerCase() : '';
};

/** Brute force is slowed per address and, for login, per address and account together. */
const limits = {
  login: {
    max: 10,
    timeWindow: MINUTE,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `${request.ip}|${usernameOf(request.body)}`,
  },
  refresh: { max: 30, timeWindow: MINUTE },
  register: { max: 5, timeWindow: 10 * MINUTE },
  captcha: { max: 30, timeWindow: MINUTE },
  resetRequest: { max: 5, timeWindow: 15 * MINUTE },
  reset: { max: 10, timeWindow: MINUTE },
  verifyPassword: { max: 10, timeWindow: MINUTE },
  changePassword: { max: 10, timeWindow: MINUTE },
};

export function authRoutes(app: FastifyInstance, services: AuthServices, guards: Guards): void {
  const { auth, otp, passwords, registration } = services;

  app.post('/api/auth/login', { config: { rateLimit: limits.login } }, async (request) =>
    ok(await auth.login(parse(loginRequestSchema, request.body), originOf(request))),
  );

  app.post('/api/auth/refresh', { config: { rateLimit: limits.refresh } }, async (request) =>
    ok(await auth.refresh(parse(refreshRequestSchema, request.body).refreshToken, originOf(request))),
  );

  app.post('/api/auth/logout', { preHandler: guards.optional }, async (request) => {
    const body = parse(logoutRequestSchema, request.body);
    await auth.logout(request.auth, body.refreshToken, originOf(request));
    return ok(null);
  });

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

  app.get('/api/auth/otp/url', { preHandler: guards.authenticated }, async (request) => {
    const setup = await otp.startSetup(caller(request).user, originOf(request));
    return ok({ otpAuthUrl: setup.uri, secret: setup.secret });
  });

  app.post('/api/auth/otp/enable', { preHandler: guards.authenticated }, async (request) => {
    const setup = await otp.startSetup(caller(request).user, originOf(request));
    return ok({ secret: setup.secret, otpauth_url: setup.uri });
  });

  app.post('/api/auth/otp/verify', { preHandler: guards.authenticated }, async (request) => {
    await otp.verify(caller(request).user, parse(otpVerifyRequestSchema, request.body), originOf(request));
    return ok(null);
  });

  app.post('/api/auth/otp/disable', { preHandler: guards.authenticated }, async (request) => {
    const { token } = parse(otpDisableRequestSchema, request.body);
    await otp.disable(caller(request).user, token, originOf(request));
    return ok(null);
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
