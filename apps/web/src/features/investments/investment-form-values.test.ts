import { minCapitalMessage, type Investment } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import {
  investmentFormValuesSchema,
  saCodeOf,
  toInvestmentFormValues,
  type InvestmentFormValues,
} from './investment-form-values';

const ACCOUNT = '5d3c8b9e-1f2a-4c3d-8e4f-0a1b2c3d4e5f';
const ALGORITHM = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

const values = (overrides: Partial<InvestmentFormValues> = {}): InvestmentFormValues => ({
  accountId: ACCOUNT,
  algorithmId: ALGORITHM,
  capital: '1500',
  leverage: '10',
  saCode: '01505',
  maxcontracts: '3',
  ...overrides,
});

const schema = investmentFormValuesSchema({
  minCapitalOf: (id) => (id === ALGORITHM ? 1000 : undefined),
  maxLeverage: 20,
});
const messagesOf = (input: InvestmentFormValues) => {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the investment form payload', () => {
  it('decodes SA code 01505 into size 1.5 and additional 0.5', () => {
    expect(schema.parse(values())).toEqual({
      accountId: ACCOUNT,
      algorithmId: ALGORITHM,
      capital: 1500,
      parameters: { leverage: 10, size: 1.5, additional: 0.5, maxcontracts: 3 },
    });
  });

  it('pads a short SA code with zeros on the left', () => {
    expect(schema.parse(values({ saCode: '1505' })).parameters).toMatchObject({ size: 1.5, additional: 0.5 });
  });

  it('refuses an SA code that is not up to 5 digits, or whose size is zero, on the SA code field', () => {
    expect(messagesOf(values({ saCode: '123456' }))).toEqual([
      expect.stringMatching(/^saCode: SA Code non valido/),
    ]);
    expect(messagesOf(values({ saCode: '1.5' }))).toEqual([
      expect.stringMatching(/^saCode: SA Code non valido/),
    ]);
    expect(messagesOf(values({ saCode: '' }))).toEqual([
      expect.stringMatching(/^saCode: SA Code non valido/),
    ]);
    expect(messagesOf(values({ saCode: '00005' }))).toEqual(['saCode: Size deve essere maggiore di 0']);
    expect(messagesOf(values({ saCode: '01500' }))).toEqual([
      'saCode: Addizionale deve essere maggiore di 0',
    ]);
  });

  it('needs every field', () => {
    const empty = messagesOf({
      accountId: '',
      algorithmId: '',
      capital: '',
      leverage: '',
      saCode: '',
      maxcontracts: '',
    });
    expect(empty.map((message) => message.split(':')[0])).toEqual([
      'accountId',
      'algorithmId',
      'capital',
      'leverage',
      'saCode',
      'maxcontracts',
    ]);
  });

  it("refuses capital below the algorithm's minimum, saying the minimum", () => {
    expect(messagesOf(values({ capital: '999.99' }))).toEqual([`capital: ${minCapitalMessage(1000)}`]);
    expect(minCapitalMessage(1000)).toMatch(/^Il capitale minimo per questo algoritmo è 1000,00\s€$/);
  });

  it('refuses leverage above the limit', () => {
    expect(messagesOf(values({ leverage: '21' }))).toEqual(['leverage: Leva massima consentita è 20']);
  });
});

describe('SA code of an existing investment', () => {
  const investment: Investment = {
    _id: 'i1',
    account: {
      _id: ACCOUNT,
      accountId: 'ACC-1',
      username: 'mario@example.com',
      owner: { _id: 'u1', username: 'mario@example.com', isPro: false },
    },
    algorithm: { _id: ALGORITHM, name: 'Gold grid' },
    capital: 2500.5,
    parameters: { leverage: 20, size: 12.3, additional: 0.7, maxcontracts: 4 },
    isRunning: 1,
    statusMessage: null,
  };

  it('encodes size and additional for the table', () => {
    expect(saCodeOf(investment)).toBe('12307');
    expect(saCodeOf({ parameters: { ...investment.parameters, size: 1.55 } })).toBe('—');
  });

  it('fills the edit form so that saving unchanged sends the same values', () => {
    const form = toInvestmentFormValues(investment);
    expect(form).toEqual({
      accountId: ACCOUNT,
      algorithmId: ALGORITHM,
      capital: '2500.5',
      leverage: '20',
      saCode: '12307',
      maxcontracts: '4',
    });
    expect(schema.parse(form)).toEqual({
      accountId: ACCOUNT,
      algorithmId: ALGORITHM,
      capital: 2500.5,
      parameters: investment.parameters,
    });
  });
});
