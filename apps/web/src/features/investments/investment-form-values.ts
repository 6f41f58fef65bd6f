// What the investment form holds (text as typed, the SA code as one field) and how it becomes the
// contract's payload: the SA code decodes to size and additional (product-spec.md section 3), and
// the capital must reach the chosen algorithm's minimum, as the server will insist.
import {
  decodeSaCode,
  encodeSaCode,
  INVESTMENT_MESSAGES,
  investmentFormSchema,
  leverageLimitMessage,
  minCapitalMessage,
  type Investment,
  type InvestmentFormInput,
} from '@platform/contracts';
import * as z from 'zod';

export interface InvestmentFormValues {
  accountId: string;
  algorithmId: string;
  capital: string;
  leverage: string;
  saCode: string;
  maxcontracts: string;
}

export interface InvestmentRules {
  /** The chosen algorithm's minimum capital; undefined while the algorithms are unknown. */
  minCapitalOf: (algorithmId: string) => number | undefined;
  maxLeverage: number;
}

export const emptyInvestmentFormValues: InvestmentFormValues = {
  accountId: '',
  algorithmId: '',
  capital: '',
  leverage: '',
  saCode: '',
  maxcontracts: '',
};

/** The same words as the server's refusal, so the user reads one rule whichever side says it. */

/** The code shown for an investment; sizes the code cannot carry show as a dash. */
export const saCodeOf = (investment: Pick<Investment, 'parameters'>) =>
  encodeSaCode(investment.parameters) ?? '—';

export const toInvestmentFormValues = (investment: Investment): InvestmentFormValues => ({
  accountId: investment.account._id,
  algorithmId: investment.algorithm._id,
  capital: String(investment.capital),
  leverage: String(investment.parameters.leverage),
  saCode: encodeSaCode(investment.parameters) ?? '',
  maxcontracts: String(investment.parameters.maxcontracts),
});

const { parameters } = investmentFormSchema.shape;
const saParametersSchema = parameters.pick({ size: true, additional: true });

/** Empty text is not a number, so the contract's own message says the field is needed. */
const numberFrom = (schema: z.ZodNumber) =>
  z
    .string()
    .trim()
    .transform((text) => (text === '' ? Number.NaN : Number(text)))
    .pipe(schema);

/** One message on the SA code field, whichever of its two halves is wrong. */
const saCodeSchema = z.string().transform((code, context) => {
  const decoded = decodeSaCode(code);
  const checked = decoded ? saParametersSchema.safeParse(decoded) : undefined;
  if (!checked?.success) {
    context.addIssue({
      code: 'custom',
      message: checked?.error.issues[0]?.message ?? INVESTMENT_MESSAGES.saCodeInvalid,
    });
    return z.NEVER;
  }
  return checked.data;
});

export function investmentFormValuesSchema({ minCapitalOf, maxLeverage }: InvestmentRules) {
  return z
    .object({
      accountId: investmentFormSchema.shape.accountId,
      algorithmId: investmentFormSchema.shape.algorithmId,
      capital: numberFrom(investmentFormSchema.shape.capital),
      leverage: numberFrom(parameters.shape.leverage),
      saCode: saCodeSchema,
      maxcontracts: numberFrom(parameters.shape.maxcontracts),
    })
    .superRefine((values, context) => {
      const minCapital = minCapitalOf(values.algorithmId);
      if (minCapital !== undefined && values.capital < minCapital) {
        context.addIssue({ code: 'custom', path: ['capital'], message: minCapitalMessage(minCapital) });
      }
      if (values.leverage > maxLeverage) {
        context.addIssue({ code: 'custom', path: ['leverage'], message: leverageLimitMessage(maxLeverage) });
      }
    })
    .transform((values): InvestmentFormInput => ({
      accountId: values.accountId,
      algorithmId: values.algorithmId,
      capital: values.capital,
      parameters: { leverage: values.leverage, ...values.saCode, maxcontracts: values.maxcontracts },
    }));
}
