// The server's HTTP API called directly, for what a test needs done but does not test through
// the browser: a token to read data with, a user who already has a password.
import {
  urlOf,
  type BodyOf,
  type DataOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { request as httpRequest } from 'node:http';
import type * as z from 'zod';
import { waitForMailLink, RESET_LINK } from './outbox';
import { ADMIN, type RunningServer } from './server';
import { nextTotpCode, rememberRequiredOtp, requiredOtpCode } from './totp';

export interface Envelope<T> {
  ok: boolean;
  data?: T;
  error?: string;
  requiresOtp?: boolean;
}

/** An endpoint whose answer is the envelope (not a file). */
export type EnvelopeEndpoint = Endpoint & { response: z.ZodType };

/** What a call sends: the parts its endpoint declares, params and body required when declared. */
export type ApiInput<E extends Endpoint> = (E extends { params: object }
  ? { params: ParamsOf<E> }
  : unknown) &
  (E extends { query: object } ? { query?: QueryOf<E> } : unknown) &
  (E extends { body: object } ? { body: BodyOf<E> } : unknown) & { jwt?: string };

/** The input may be left out when the endpoint needs neither params nor a body. */
export type ApiArguments<E extends Endpoint> = E extends { params: object } | { body: object }
  ? [input: ApiInput<E>]
  : [input?: ApiInput<E>];

/**
 * Calls an endpoint as its declaration says (method, URL). The answer is not checked against the
 * endpoint's schema: a test reads what the server sent.
 */
export async function api<E extends EnvelopeEndpoint>(
  server: RunningServer,
  endpoint: E,
  ...[input]: ApiArguments<E>
): Promise<Envelope<DataOf<E>>> {
  const { params, query, body, jwt } = (input ?? {}) as {
    params?: object;
    query?: object;
    body?: unknown;
    jwt?: string;
  };
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (jwt) headers.authorization = `Bearer ${jwt}`;
  const response = await fetch(`${server.baseUrl}${urlOf<Endpoint>(endpoint, params, query)}`, {
    method: endpoint.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<DataOf<E>>;
}

/**
 * The same arguments with a session's jwt: for a helper that takes an endpoint and its arguments
 * and calls it as one user (TypeScript cannot check an input built from generic arguments).
 */
export function withJwt<E extends Endpoint>(jwt: string, ...[input]: ApiArguments<E>): ApiArguments<E> {
  return [{ ...input, jwt }] as ApiArguments<E>;
}

/**
 * A login sent from another loopback address (Linux answers on all of 127.0.0.0/8), as a different
 * client's would be: the server counts failed logins per address.
 */
export function loginFrom(
  server: RunningServer,
  address: string,
  body: { username: string; password: string },
): Promise<Envelope<unknown>> {
  const { hostname, port } = new URL(server.baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolveAnswer, reject) => {
    const request = httpRequest(
      {
        host: hostname,
        port,
        localAddress: address,
        method: API.auth.login.method,
        path: API.auth.login.path,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolveAnswer(JSON.parse(Buffer.concat(chunks).toString()) as Envelope<unknown>),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * The jwt of an account without 2FA, or of one whose role must have it (REQUIRE_2FA_FOR): its
 * first login sets 2FA up as the access screen would, the later ones give a code of it.
 */
export async function apiLogin(server: RunningServer, username: string, password: string): Promise<string> {
  const login = (otpCode?: string) =>
    api(server, API.auth.login, {
      body: { username, password, ...(otpCode ? { otpCode } : {}) },
    });
  let answer = await login();
  if (answer.requiresOtp) answer = await login(await requiredOtpCode(server.baseUrl, username));
  if (!answer.data) throw new Error(`API login of ${username} failed: ${answer.error}`);
  if ('jwt' in answer.data) return answer.data.jwt;

  const setupToken = answer.data.otpSetupToken;
  const setup = await api(server, API.auth.otpEnable, { body: {}, jwt: setupToken });
  if (!setup.data) throw new Error(`2FA setup of ${username} failed: ${setup.error}`);
  const { secret } = setup.data;
  const code = await nextTotpCode(secret, -1);
  const verified = await api(server, API.auth.otpVerify, {
    body: { token: code.code, secret },
    jwt: setupToken,
  });
  if (!verified.data) throw new Error(`2FA setup of ${username} failed: ${verified.error}`);
  rememberRequiredOtp(server.baseUrl, username, secret, code.step);
  return verified.data.jwt;
}

export interface InvitedUser {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

/** A regular user added by the admin, with the password set from the invitation mail. */
export async function createInvitedUser(server: RunningServer, user: InvitedUser): Promise<void> {
  const jwt = await apiLogin(server, ADMIN.email, ADMIN.password);
  const created = await api(server, API.users.add, {
    jwt,
    body: {
      firstname: user.firstname,
      lastname: user.lastname,
      username: user.email,
      role: 'user',
      eula: {
        contract: { accepted: true, signedAt: null },
        autotrading: { accepted: false, signedAt: null },
      },
      isPro: false,
    },
  });
  if (!created.ok) throw new Error(`Adding ${user.email} failed: ${created.error}`);
  const link = await waitForMailLink(server.outboxDir, RESET_LINK);
  const reset = await api(server, API.auth.passwordReset, {
    body: { token: new URL(link).searchParams.get('token') ?? '', newPassword: user.password },
  });
  if (!reset.ok) throw new Error(`Setting the password of ${user.email} failed: ${reset.error}`);
}
