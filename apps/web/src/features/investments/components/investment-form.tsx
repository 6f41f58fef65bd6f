// The investment form (product-spec.md sections 2 and 5). It replaces the list; every field is
// required; capital, leverage and SA code take only numbers as typed; the leverage never passes
// the selected account's limit (20, or 200 for a pro owner), with a toast when it is brought down.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  INVESTMENT_MESSAGES,
  type Account,
  type Algorithm,
  type Investment,
  type InvestmentFormInput,
} from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { FormPanel } from '../../../components/form-panel';
import { TextField } from '../../../components/text-field';
import { collections } from '../../../lib/collections/collections';
import { formatEuro } from '../../../lib/format';
import { refusalMessage } from '../../../lib/refusal-message';
import { notify } from '../../../lib/toast';
import { useAddInvestment } from '../api/add-investment';
import { useUpdateInvestment } from '../api/update-investment';
import {
  emptyInvestmentFormValues,
  investmentFormValuesSchema,
  toInvestmentFormValues,
  type InvestmentFormValues,
} from '../investment-form-values';
import { limitLeverage, maxLeverageOf } from '../leverage-limit';
import { filterNumericInput } from '../numeric-input';

type NumericField = 'capital' | 'leverage' | 'saCode' | 'maxcontracts';

/** One toast at a time for the limit, however fast the user types. */
const LEVERAGE_TOAST_ID = 'leverage-limit';

interface InvestmentFormPanelProps {
  investment: Investment | undefined;
  onClose: () => void;
}

/** The selects show an edited investment's choices only if their options exist when they mount. */
export function InvestmentFormPanel({ investment, onClose }: InvestmentFormPanelProps) {
  const accounts = useQuery(collections.accounts);
  const algorithms = useQuery(collections.algorithms);
  if (accounts.isPending || algorithms.isPending) {
    return <div className="spinner investments-loading" role="status" aria-label="Caricamento" />;
  }
  return (
    <InvestmentForm
      investment={investment}
      accounts={accounts.data ?? []}
      algorithms={algorithms.data ?? []}
      onClose={onClose}
    />
  );
}

interface InvestmentFormProps extends InvestmentFormPanelProps {
  accounts: readonly Account[];
  algorithms: readonly Algorithm[];
}

function InvestmentForm({ investment, accounts, algorithms, onClose }: InvestmentFormProps) {
  const add = useAddInvestment();
  const update = useUpdateInvestment();

  const minCapitalOf = (algorithmId: string) =>
    algorithms.find((algorithm) => algorithm._id === algorithmId)?.minCapital;
  const ownerOf = (accountId: string) => accounts.find((account) => account._id === accountId)?.owner;

  const { register, handleSubmit, getValues, setValue, control, formState } = useForm<
    InvestmentFormValues,
    unknown,
    InvestmentFormInput
  >({
    // The rules depend on the chosen account and algorithm, so the schema is built from the values.
    resolver: (values, context, options) =>
      zodResolver(
        investmentFormValuesSchema({ minCapitalOf, maxLeverage: maxLeverageOf(ownerOf(values.accountId)) }),
      )(values, context, options),
    defaultValues: investment ? toInvestmentFormValues(investment) : emptyInvestmentFormValues,
  });
  const [accountId, algorithmId] = useWatch({ control, name: ['accountId', 'algorithmId'] });
  const maxLeverage = maxLeverageOf(ownerOf(accountId));
  const minCapital = minCapitalOf(algorithmId);
  const { errors } = formState;

  const submit = (body: InvestmentFormInput) => {
    const options = {
      onSuccess: () => {
        notify.success(investment ? INVESTMENT_MESSAGES.updated : INVESTMENT_MESSAGES.added);
        onClose();
      },
      onError: (error: Error) => notify.error(refusalMessage(error, INVESTMENT_MESSAGES.saveError)),
    };
    if (investment) update.mutate({ id: investment._id, body }, options);
    else add.mutate(body, options);
  };

  /** The text is cleaned before the form sees it, so what is shown is what is validated. */
  const numeric = (name: NumericField, limit?: (value: string) => string) => {
    const field = register(name);
    return {
      ...field,
      onChange: (event: { target: HTMLInputElement }) => {
        const cleaned = filterNumericInput(event.target.value);
        event.target.value = limit ? limit(cleaned) : cleaned;
        return field.onChange(event);
      },
    };
  };
  const limitTyped = (value: string) => {
    const decision = limitLeverage(value, maxLeverage, 'typing');
    if (decision.message) notify.error(decision.message, LEVERAGE_TOAST_ID);
    return decision.value;
  };
  const accountField = register('accountId', {
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      const decision = limitLeverage(
        getValues('leverage'),
        maxLeverageOf(ownerOf(event.target.value)),
        'account-change',
      );
      if (!decision.message) return;
      setValue('leverage', decision.value);
      notify.error(decision.message, LEVERAGE_TOAST_ID);
    },
  });

  return (
    <FormPanel
      title={investment ? 'Edit Investment' : 'New Investment'}
      submitLabel={investment ? 'Aggiorna Investment' : 'Aggiungi Investment'}
      onBack={onClose}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      busy={add.isPending || update.isPending}
    >
      <FormField label="Account" error={errors.accountId?.message}>
        {({ id, describedBy, invalid }) => (
          <select
            {...accountField}
            id={id}
            className="input"
            aria-describedby={describedBy}
            aria-invalid={invalid}
          >
            <option value="">Seleziona un account</option>
            {accounts.map((account) => (
              <option key={account._id} value={account._id}>
                {account.accountId} - {account.owner.username}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Algorithm" error={errors.algorithmId?.message}>
        {({ id, describedBy, invalid }) => (
          <select
            {...register('algorithmId')}
            id={id}
            className="input"
            aria-describedby={describedBy}
            aria-invalid={invalid}
          >
            <option value="">Seleziona un algoritmo</option>
            {algorithms.map((algorithm) => (
              <option key={algorithm._id} value={algorithm._id}>
                {algorithm.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TextField
        label="Capital"
        error={errors.capital?.message}
        hint={
          minCapital === undefined
            ? undefined
            : `Capitale minimo per questo algoritmo: ${formatEuro(minCapital)}`
        }
        registration={numeric('capital')}
        inputMode="decimal"
        autoComplete="off"
      />
      <TextField
        label={`Leverage (max ${maxLeverage})`}
        error={errors.leverage?.message}
        registration={numeric('leverage', limitTyped)}
        inputMode="decimal"
        autoComplete="off"
      />
      <TextField
        label="SA Code"
        error={errors.saCode?.message}
        hint="5 cifre: 3 per la size, 2 per l’addizionale (es. 01505 = 1,5 e 0,5)"
        registration={numeric('saCode')}
        inputMode="decimal"
        maxLength={5}
        autoComplete="off"
      />
      <TextField
        label="Max Contracts"
        error={errors.maxcontracts?.message}
        registration={numeric('maxcontracts')}
        inputMode="decimal"
        autoComplete="off"
      />
    </FormPanel>
  );
}
