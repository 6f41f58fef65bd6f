// TRUST_PROXY: the reverse proxies in front of the server, whose X-Forwarded-For names the client.
// Only those: trusting any sender (Fastify's `true`) would let every caller pick the address that
// rate limits count and the audit log records.
import * as z from 'zod';
import { isAddressOrRange } from './address-range';

/** proxy-addr's names for the loopback, link-local and unique-local ranges of IPv4 and IPv6. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyEntry = (entry: string) => NAMED_RANGES.has(entry) || isAddressOrRange(entry);

/** A comma list of addresses and CIDR ranges, e.g. `127.0.0.1` or `10.0.0.0/8, 192.168.1.10`. */
export const trustProxySchema = z
  .string()
  .transform((list) => list.split(',').map((entry) => entry.trim()))
  .pipe(
    z.array(
      z.string().refine(isProxyEntry, {
        error: (issue) =>
          `TRUST_PROXY accetta indirizzi IP, intervalli CIDR o loopback/linklocal/uniquelocal separati da virgole, non '${String(issue.input)}'`,
      }),
    ),
  );
