// Where a webhook may point: public addresses over HTTPS; private, loopback, link-local and other
// special addresses only when the admin's allow-list names them (then plain HTTP too). The name
// is resolved, and every address it resolves to is checked.
import { ALERT_MESSAGES } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { isSpecialAddress, webhookAllowSchema, WebhookAddressPolicy, type Resolve } from './webhook-address';

const resolving =
  (table: Record<string, string[]>): Resolve =>
  (hostname) =>
    table[hostname] ? Promise.resolve(table[hostname]) : Promise.reject(new Error('ENOTFOUND'));

describe('webhook addresses', () => {
  it('knows private, loopback, link-local and other special addresses from public ones', () => {
    for (const address of [
      '10.0.0.1',
      '127.0.0.1',
      '127.8.9.10',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.10',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect({ address, special: isSpecialAddress(address) }).toEqual({ address, special: true });
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2a00:1450:4001:82b::200e', '::ffff:8.8.8.8'])
      expect({ address, special: isSpecialAddress(address) }).toEqual({ address, special: false });
  });

  it('accepts a public HTTPS webhook and refuses one whose name resolves to any private address', async () => {
    const policy = new WebhookAddressPolicy(
      [],
      resolving({
        'hooks.example.com': ['93.184.216.34'],
        'rebind.example.com': ['93.184.216.34', '10.0.0.7'],
      }),
    );
    await expect(policy.check('https://hooks.example.com/alerts')).resolves.toEqual(['93.184.216.34']);
    await expect(policy.check('https://rebind.example.com/alerts')).rejects.toThrow(
      ALERT_MESSAGES.webhookBlocked,
    );
    await expect(policy.check('https://nowhere.example.com/alerts')).rejects.toThrow(
      ALERT_MESSAGES.webhookUnresolved,
    );
    await expect(policy.check('http://hooks.example.com/alerts')).rejects.toThrow(
      ALERT_MESSAGES.webhookHttps,
    );
    await expect(policy.check('https://user:pass@hooks.example.com/')).rejects.toThrow(
      ALERT_MESSAGES.webhookInvalid,
    );
  });

  it('lets the admin allow a loopback or private range, over plain HTTP too', async () => {
    const policy = new WebhookAddressPolicy(
      webhookAllowSchema.parse('127.0.0.0/8, 10.1.2.3'),
      resolving({ receiver: ['127.0.0.5'] }),
    );
    await expect(policy.check('http://127.0.0.2:8080/hook')).resolves.toEqual(['127.0.0.2']);
    await expect(policy.check('http://receiver/hook')).resolves.toEqual(['127.0.0.5']);
    await expect(policy.check('https://10.1.2.3/hook')).resolves.toEqual(['10.1.2.3']);
    await expect(policy.check('https://10.1.2.4/hook')).rejects.toThrow(ALERT_MESSAGES.webhookBlocked);
    await expect(policy.check('https://[::1]/hook')).rejects.toThrow(ALERT_MESSAGES.webhookBlocked);
  });

  it('refuses an allow-list entry that is not an address or a range', () => {
    expect(webhookAllowSchema.safeParse('127.0.0.1, localhost').success).toBe(false);
    expect(webhookAllowSchema.safeParse('10.0.0.0/33').success).toBe(false);
    expect(webhookAllowSchema.parse('')).toEqual([]);
  });
});
