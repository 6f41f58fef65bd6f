// Where a webhook may point (issue 36, point 4): a public address over HTTPS. A URL naming a
// private, loopback, link-local (cloud metadata at 169.254.169.254), unique-local or otherwise
// special address would let a customer make the server call into its own network, so it is
// refused, unless the address is in the admin's allow-list (ALERT_WEBHOOK_ALLOW), which also lets
// such a receiver speak plain HTTP (a receiver on the same machine or LAN, the tests' one on
// 127.0.0.1). The name is resolved at saving and again at each sending, and the call connects to
// the very address checked (webhook-client.ts), so a name that later resolves elsewhere (DNS
// rebinding) is refused then.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ALERT_MESSAGES } from '@platform/contracts';
import * as z from 'zod';
import { isAddressOrRange } from '../../lib/address-range';

/** Ranges no webhook may reach unless allowed: RFC 6890's special-purpose blocks. */
const SPECIAL_V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;
const SPECIAL_V6 = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const;

const special = new BlockList();
for (const [network, prefix] of SPECIAL_V4) special.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of SPECIAL_V6) special.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 4 ? 'ipv4' : 'ipv6';
}

/** Whether the address is private, loopback, link-local or otherwise not a public one. */
export function isSpecialAddress(address: string): boolean {
  const plain = unmapped(address);
  if (isIP(plain) === 0) return true;
  return special.check(plain, familyOf(plain));
}

/** ALERT_WEBHOOK_ALLOW: a comma list of addresses and CIDR ranges, e.g. `127.0.0.1` or `10.1.0.0/16`. */
export const webhookAllowSchema = z
  .string()
  .transform((list) =>
    list
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().refine(isAddressOrRange, {
        error: (issue) =>
          `ALERT_WEBHOOK_ALLOW accetta indirizzi IP o intervalli CIDR separati da virgole, non '${String(issue.input)}'`,
      }),
    ),
  );

/** Answers a name's addresses (all of them: one bad address is enough to refuse). */
export type Resolve = (hostname: string) => Promise<string[]>;

export const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export class WebhookAddressError extends Error {}

export class WebhookAddressPolicy {
  private readonly allowed = new BlockList();

  constructor(
    /** The admin's allow-list (ALERT_WEBHOOK_ALLOW). */
    allow: readonly string[] = [],
    private readonly resolve: Resolve = systemResolve,
  ) {
    for (const entry of allow) {
      const [address = '', prefix] = entry.split('/');
      const plain = unmapped(address);
      const family = familyOf(plain);
      if (prefix === undefined) this.allowed.addAddress(plain, family);
      else this.allowed.addSubnet(plain, Number(prefix), family);
    }
  }

  isAllowed(address: string): boolean {
    const plain = unmapped(address);
    return isIP(plain) !== 0 && this.allowed.check(plain, familyOf(plain));
  }

  /** Refuses an address a webhook may not reach. */
  assertAddress(address: string): void {
    if (isSpecialAddress(address) && !this.isAllowed(address))
      throw new WebhookAddressError(ALERT_MESSAGES.webhookBlocked);
  }

  /**
   * The URL's addresses, every one checked; throws WebhookAddressError with the user's message.
   * Plain HTTP only to addresses the admin allowed.
   */
  async check(url: string): Promise<string[]> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new WebhookAddressError(ALERT_MESSAGES.webhookInvalid);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
      throw new WebhookAddressError(ALERT_MESSAGES.webhookHttps);
    if (parsed.username || parsed.password) throw new WebhookAddressError(ALERT_MESSAGES.webhookInvalid);
    const addresses = await this.addressesOf(parsed.hostname);
    for (const address of addresses) this.assertAddress(address);
    if (parsed.protocol === 'http:' && !addresses.every((address) => this.isAllowed(address)))
      throw new WebhookAddressError(ALERT_MESSAGES.webhookHttps);
    return addresses;
  }

  /** The host's addresses: itself when it is an address, else what the name resolves to. */
  async addressesOf(host: string): Promise<string[]> {
    const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
    if (isIP(bare) !== 0) return [bare];
    let addresses: string[];
    try {
      addresses = await this.resolve(bare);
    } catch {
      throw new WebhookAddressError(ALERT_MESSAGES.webhookUnresolved);
    }
    if (addresses.length === 0) throw new WebhookAddressError(ALERT_MESSAGES.webhookUnresolved);
    return addresses;
  }
}
