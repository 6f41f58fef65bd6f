// Who is calling: a preHandler that resolves the bearer token to a user and session, and one
// that also checks the role. Routes declare which they need; the client's hiding is cosmetic.
import { SESSION_MESSAGES, type Role } from '@platform/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { forbidden, sessionInvalid } from '../lib/errors';
import type { Viewer } from '../lib/policy';
import type { RequestOrigin } from '../lib/http';
import type { UserRow } from '@platform/db';
import type { OtpSetupClaims } from '../modules/auth/access-tokens';
import type { AuthContext, AuthService } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The caller of otp/enable and otp/verify by the setup token of a login that demands 2FA. */
    otpSetup: { user: UserRow; claims: OtpSetupClaims } | null;
  }
}

export interface Guards {
  /** Any logged-in, approved user. */
  authenticated: preHandlerAsyncHookHandler;
  /** A logged-in user with one of the roles. */
  roles(...roles: Role[]): preHandlerAsyncHookHandler;
  /** Resolves the caller when a token is present, without refusing anonymous calls. */
  optional: preHandlerAsyncHookHandler;
  /** A logged-in user, or the holder of a 2FA setup token (request.otpSetup). */
  sessionOrOtpSetup: preHandlerAsyncHookHandler;
}

/**
 * Names the caller in the request's later log lines: Fastify's completion line is written through
 * the reply's logger, so both take the child.
 */
function logAs(request: FastifyRequest, reply: FastifyReply, userId: string): void {
  const log = request.log.child({ userId });
  request.log = log;
  reply.log = log;
}

/** Sets the caller of the request and names it in the log. */
function identify(request: FastifyRequest, reply: FastifyReply, auth: AuthContext | null): void {
  request.auth = auth;
  if (auth) logAs(request, reply, auth.user.id);
}

export function registerAuthentication(app: FastifyInstance, authService: AuthService): Guards {
  app.decorateRequest('auth', null);
  app.decorateRequest('otpSetup', null);

  const authenticated: preHandlerAsyncHookHandler = async (request, reply) => {
    identify(request, reply, await authService.authenticate(request.headers.authorization));
  };
  return {
    authenticated,
    roles: (...roles) =>
      async function requireRole(request, reply) {
        const auth = await authService.authenticate(request.headers.authorization);
        identify(request, reply, auth);
        if (!roles.includes(auth.user.role)) throw forbidden(SESSION_MESSAGES.forbidden);
      },
    sessionOrOtpSetup: async (request, reply) => {
      request.otpSetup = await authService.authenticateOtpSetup(request.headers.authorization);
      if (request.otpSetup) logAs(request, reply, request.otpSetup.user.id);
      else identify(request, reply, await authService.authenticate(request.headers.authorization));
    },
    optional: async (request, reply) => {
      if (!request.headers.authorization) return;
      identify(
        request,
        reply,
        await authService.authenticate(request.headers.authorization).catch(() => null),
      );
    },
  };
}

/** The caller of a route guarded by authenticated or roles. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw sessionInvalid();
  return request.auth;
}

/** The caller as the services' rules of who sees what take it (lib/policy.ts). */
export function viewerOf(request: FastifyRequest): Viewer {
  const { user, sessionId } = caller(request);
  return { id: user.id, role: user.role, sessionId };
}

export function originOf(request: FastifyRequest): RequestOrigin {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
}
