// The entries of the settings that list addresses (TRUST_PROXY, ALERT_WEBHOOK_ALLOW): one IP
// address, IPv4 or IPv6, or a CIDR range of them. One check, so both settings accept the same.
import { isIP } from 'node:net';

/** `10.0.0.1`, `10.0.0.0/8` or `fd00::/8`: an address, alone or with a prefix length its family allows. */
export function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}
