// Where a monitoring socket comes from, for the audit rows of its commands. The address follows
// the HTTP side's rule: Fastify's trustProxy runs @fastify/proxy-addr over the TRUST_PROXY list,
// and so does this, so an admin behind the reverse proxy is recorded as themselves and a sender
// that is not a listed proxy cannot name a client with X-Forwarded-For.
import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';
import type { RequestOrigin } from '../lib/http';

/** Reads the origin of a socket's handshake request; read it at the handshake, while its connection is open. */
export function socketOriginReader(
  trustProxy: readonly string[] | undefined,
): (handshake: IncomingMessage) => RequestOrigin {
  // Without TRUST_PROXY nobody is believed: the connection's own address, as request.ip is then.
  const trust = trustProxy ? proxyAddr.compile([...trustProxy]) : () => false;
  return (handshake) => ({
    ipAddress: proxyAddr(handshake, trust),
    userAgent: handshake.headers['user-agent']?.slice(0, 500) ?? null,
  });
}
