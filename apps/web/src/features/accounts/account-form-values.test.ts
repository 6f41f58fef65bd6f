import type { Account } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import {
  accountFormValuesSchema,
  toAccountFormValues,
  type AccountFormMode,
  type AccountFormValues,
} from './account-form-values';

const OWNER = '0b6f1e8e-4b8a-4c43-9d1c-6a3a0b0c7e11';
const values = (overrides: Partial<AccountFormValues> = {}): AccountFormValues => ({
  accountId: 'ACC-1',
  isDemo: true,
  username: 'broker-user',
  password: 'broker-pass',
  apikey: '',
  owner: OWNER,
  ...overrides,
});
const creatingAsAdmin: AccountFormMode = { creating: true, choosesOwner: true, credentialsShown: true };
const editingLocked: AccountFormMode = { creating: false, choosesOwner: false, credentialsShown: false };

const issuesOf = (mode: AccountFormMode, input: AccountFormValues) => {
  const result = accountFormValuesSchema(mode).safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the account form body', () => {
  it('sends everything with the fixed broker when an admin creates an account', () => {
    expect(accountFormValuesSchema(creatingAsAdmin).parse(values({ apikey: 'key-1' }))).toEqual({
      accountId: 'ACC-1',
      isDemo: true,
      brokerName: 'Capital.com',
      owner: OWNER,
      username: 'broker-user',
      password: 'broker-pass',
      apikey: 'key-1',
    });
  });

  it('leaves out an empty API key', () => {
    expect(accountFormValuesSchema(creatingAsAdmin).parse(values()).apikey).toBeUndefined();
  });

  it('needs accountId, username, password and, for an admin, the owner when creating', () => {
    expect(
      issuesOf(creatingAsAdmin, values({ accountId: ' ', username: '', password: '', owner: '' })),
    ).toEqual([
      "accountId: L'ID Account è obbligatorio.",
      "username: L'username è obbligatorio.",
      'password: La password è obbligatoria.',
      "owner: Seleziona il proprietario dell'account.",
    ]);
    expect(issuesOf(creatingAsAdmin, values({ owner: 'not-a-user-id' }))).toEqual([
      'owner: Il proprietario selezionato non esiste.',
    ]);
  });

  it('sends no owner for a user, who always owns their accounts', () => {
    expect(
      accountFormValuesSchema({ ...creatingAsAdmin, choosesOwner: false }).parse(values({ owner: '' })),
    ).not.toHaveProperty('owner');
  });

  it('keeps the credentials out of an edit that was not unlocked', () => {
    const body = accountFormValuesSchema(editingLocked).parse(values({ username: '', password: '' }));
    expect(body).toEqual({ accountId: 'ACC-1', isDemo: true, brokerName: 'Capital.com' });
  });

  it('sends the unlocked credentials on edit, without requiring the password again', () => {
    const body = accountFormValuesSchema({ ...editingLocked, credentialsShown: true }).parse(
      values({ password: '' }),
    );
    expect(body).toEqual({
      accountId: 'ACC-1',
      isDemo: true,
      brokerName: 'Capital.com',
      username: 'broker-user',
    });
  });
});

describe('toAccountFormValues', () => {
  it('never puts ciphertexts into the fields', () => {
    const account: Account = {
      _id: 'a1',
      accountId: 'ACC-9',
      isDemo: false,
      brokerName: 'Capital.com',
      username: `${'a'.repeat(32)}:${'b'.repeat(32)}`,
      password: `${'a'.repeat(32)}:${'b'.repeat(32)}`,
      apikey: null,
      owner: {
        _id: OWNER,
        firstname: 'Mario',
        lastname: 'Rossi',
        username: 'mario@example.com',
        isPro: false,
      },
    };
    expect(toAccountFormValues(account)).toEqual({
      accountId: 'ACC-9',
      isDemo: false,
      username: '',
      password: '',
      apikey: '',
      owner: OWNER,
    });
  });
});
