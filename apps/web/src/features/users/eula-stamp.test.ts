import type { UserFormInput } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { stampEula } from './eula-stamp';

const NOW = new Date('2025-07-01T10:00:00.000Z');
const form = (accepted: boolean): UserFormInput => ({
  firstname: 'Mario',
  lastname: 'Rossi',
  username: 'mario@example.com',
  role: 'user',
  isPro: false,
  eula: { contract: { accepted }, autotrading: { accepted: true, signedAt: '2024-01-01T00:00:00.000Z' } },
});

describe('stampEula', () => {
  it('stamps the signing time when the contract is accepted now', () => {
    expect(stampEula(form(true), undefined, NOW).eula.contract).toEqual({
      accepted: true,
      signedAt: NOW.toISOString(),
    });
    expect(stampEula(form(true), { accepted: false, signedAt: null }, NOW).eula.contract.signedAt).toBe(
      NOW.toISOString(),
    );
  });

  it('keeps the first stamp of a contract that stays accepted', () => {
    const previous = { accepted: true, signedAt: '2025-01-02T03:04:05.000Z' };
    expect(stampEula(form(true), previous, NOW).eula.contract).toEqual(previous);
  });

  it('clears the stamp when the contract is no longer accepted', () => {
    expect(
      stampEula(form(false), { accepted: true, signedAt: '2025-01-02T03:04:05.000Z' }, NOW).eula.contract,
    ).toEqual({
      accepted: false,
      signedAt: null,
    });
  });

  it('always sends the autotrading EULA as not accepted', () => {
    expect(stampEula(form(true), undefined, NOW).eula.autotrading).toEqual({
      accepted: false,
      signedAt: null,
    });
  });
});
