// The server's HTTP API called directly, for what a test needs done but does not test through
// the browser: a token to read data with, a user who already has a password.
import { request as httpRequest } from 'node:http';
import { waitForMailLink, RESET_LINK } from './outbox';
import { ADMIN, type RunningServer } from './server';
import { nextTotpCode, rememberRequiredOtp, requiredOtpCode } from './totp';

export interface Envelope<T> {
  ok: boolean;
  data?: T;
  error?: string;
  requiresOtp?: boolean;
}

export interface ApiOptions {
  method?: string;
  body?: unknown;
  jwt?: string;
}

export async function api<T>(server: RunningServer, path: string, options: ApiOptions = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.jwt) headers.authorization = `Bearer ${options.jwt}`;
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return (await response.json()) as Envelope<T>;
}

/**
 * A login sent from another loopback address (Linux answers on all of 127.0.0.0/8), as a different
 * client's would be: the server counts failed logins per address.
 */
export function loginFrom(server: RunningServer, address: string, body: { username: string; password: string }): Promise<Envelope<unknown>> {
  const { hostname, port } = new URL(server.baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolveAnswer, reject) => {
    const request = httpRequest(
      {
        host: hostname,
        port,
        localAddress: address,
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolveAnswer(JSON.parse(Buffer.concat(chunks).toString()) as Envelope<unknown>));
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
    api<{ jwt: string } | { otpSetupToken: string }>(server, '/api/auth/login', {
      method: 'POST',
      body: { username, password, ...(otpCode ? { otpCode } : {}) },
    });
  let answer = await login();
  if (answer.requiresOtp) answer = await login(await requiredOtpCode(server.baseUrl, username));
  if (!answer.data) throw new Error(`API login of ${username} failed: ${answer.error}`);
  if ('jwt' in answer.data) return answer.data.jwt;

  const setupToken = answer.data.otpSetupToken;
  const setup = await api<{ secret: string }>(server, '/api/auth/otp/enable', { method: 'POST', body: {}, jwt: setupToken });
  if (!setup.data) throw new Error(`2FA setup of ${username} failed: ${setup.error}`);
  const { secret } = setup.data;
  const code = await nextTotpCode(secret, -1);
  const verified = await api<{ jwt: string }>(server, '/api/auth/otp/verify', {
    method: 'POST',
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
  const created = await api(server, '/api/admin/users/add', {
    method: 'POST',
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
  const reset = await api(server, '/api/auth/password-reset', {
    method: 'POST',
    body: { token: new URL(link).searchParams.get('token'), newPassword: user.password },
  });
  if (!reset.ok) throw new Error(`Setting the password of ${user.email} failed: ${reset.error}`);
}
