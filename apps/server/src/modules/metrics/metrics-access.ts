// Who may read /metrics. The figures tell an outsider how busy the platform is, which routes
// exist and how many bots trade: never public by default.
// - With METRICS_TOKEN set, a scraper sends `Authorization: Bearer <token>`, from anywhere.
// - Without it, only a caller on this machine: a loopback connection that no proxy forwarded (a
//   reverse proxy on the same host connects from loopback too, but adds its forwarding headers;
//   such a request is refused, so a public site behind a local proxy does not expose /metrics).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';

export const METRICS_MESSAGES = {
  badToken: 'Token delle metriche mancante o non valido.',
  notLocal: 'Metriche disponibili solo in locale o con METRICS_TOKEN.',
} as const;

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Throws AppError 401 (token configured, wrong or missing) or 403 (no token, not local); returns when allowed. */
export function checkMetricsAccess(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    // Compared as digests: equal lengths, and the time taken says nothing about the token.
    if (!timingSafeEqual(digest(given), digest(token))) throw new AppError(401, METRICS_MESSAGES.badToken);
    return;
  }
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (forwarded || !isLoopback(request.socket.remoteAddress))
    throw new AppError(403, METRICS_MESSAGES.notLocal);
}
