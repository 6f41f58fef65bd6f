// The New Backtest form (product-spec.md sections 2, 5, 7 and 9). It replaces the list. Classico
// (range) sweeps an algorithm's grid; Singolo runs one set of parameters, empty ones taking the
// defaults. The leverage follows the account type; worst and safe worst follow the market; the
// stored price data of the market is told beside the dates.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BACKTEST_MESSAGES,
  marketSchema,
  type Algorithm,
  type BacktestConfigInput,
  type Instrument,
  type Market,
  type MarketDataSet,
} from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { FormPanel } from '../../../components/form-panel';
import { PeriodDayField } from '../../../components/period-day-field';
import { TextField } from '../../../components/text-field';
import { collections } from '../../../lib/collections/collections';
import { coverageHint, suggestedPeriod } from '../../../lib/market-coverage';
import { refusalMessage } from '../../../lib/refusal-message';
import { notify } from '../../../lib/toast';
import { useCreateBacktest } from '../api/create-backtest';
import {
  backtestFormSchema,
  clampLeverage,
  emptyBacktestFormValues,
  maxLeverageOf,
  SINGLE_DEFAULTS,
  type BacktestFormValues,
} from '../backtest-form-values';

const DEFAULT_MARKET: Market = 'GOLD';

/** The form starts with the instruments' defaults and a period that has data, once they are known. */
export function BacktestFormPanel({ onClose }: { onClose: () => void }) {
  const instruments = useQuery(collections.instruments);
  const algorithms = useQuery(collections.algorithms);
  const marketData = useQuery(collections.marketdata);
  if (instruments.isPending || algorithms.isPending || marketData.isPending) {
    return <div className="spinner backtests-loading" role="status" aria-label="Caricamento" />;
  }
  return (
    <BacktestForm
      instruments={instruments.data ?? []}
      algorithms={algorithms.data ?? []}
      marketData={marketData.data ?? []}
      onClose={onClose}
    />
  );
}

interface BacktestFormProps {
  instruments: readonly Instrument[];
  algorithms: readonly Algorithm[];
  marketData: readonly MarketDataSet[];
  onClose: () => void;
}

function BacktestForm({ instruments, algorithms, marketData, onClose }: BacktestFormProps) {
  const create = useCreateBacktest();
  const defaultsOf = (market: Market) =>
    instruments.find((instrument) => instrument.market === market)?.defaults;

  const { register, handleSubmit, setValue, control, formState } = useForm<
    BacktestFormValues,
    unknown,
    BacktestConfigInput
  >({
    resolver: zodResolver(backtestFormSchema(defaultsOf)),
    defaultValues: emptyBacktestFormValues(
      DEFAULT_MARKET,
      defaultsOf(DEFAULT_MARKET),
      suggestedPeriod(marketData, DEFAULT_MARKET),
    ),
  });
  const [type, market, accountType] = useWatch({ control, name: ['type', 'market', 'accountType'] });
  const maxLeverage = maxLeverageOf(accountType);
  const marketDefaults = defaultsOf(market);
  // A range sweeps an algorithm on its own market.
  const marketAlgorithms = algorithms.filter((algorithm) => algorithm.market === market);
  const { errors } = formState;

  const submit = (config: BacktestConfigInput) =>
    create.mutate(config, {
      onSuccess: () => {
        notify.success(
          config.type === 'single' ? BACKTEST_MESSAGES.singleStarted : BACKTEST_MESSAGES.rangeStarted,
        );
        onClose();
      },
      onError: (error) => notify.error(refusalMessage(error, BACKTEST_MESSAGES.error)),
    });

  const accountTypeField = register('accountType', {
    onChange: (event: ChangeEvent<HTMLSelectElement>) =>
      setValue('leverage', String(maxLeverageOf(event.target.value === 'pro' ? 'pro' : 'retail'))),
  });
  const leverageField = register('leverage', {
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (Number(event.target.value) > maxLeverage) setValue('leverage', String(maxLeverage));
    },
    onBlur: (event: ChangeEvent<HTMLInputElement>) =>
      setValue('leverage', clampLeverage(event.target.value, maxLeverage)),
  });
  const marketField = register('market', {
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      const defaults = defaultsOf(marketSchema.parse(event.target.value));
      if (defaults) {
        setValue('worst', String(defaults.worst));
        setValue('safeWorst', String(defaults.safeWorst));
      }
      setValue('algorithm', '');
    },
  });

  /** placeholder: an empty single parameter takes the default it shows. */
  const numberField = (name: FieldPath<BacktestFormValues>, label: string, placeholder?: string) => (
    <TextField
      label={label}
      error={errors[name]?.message}
      registration={register(name)}
      type="number"
      step="any"
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
    />
  );
  const defaultHint = (value: number | undefined) => (value === undefined ? undefined : `Default ${value}`);

  return (
    <FormPanel
      title="New Backtest"
      submitLabel="Avvia Backtest"
      onBack={onClose}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      busy={create.isPending}
    >
      <fieldset className="form-panel__wide backtests-type">
        <legend className="form-field__label">Tipo di backtest</legend>
        <label className="checkbox">
          <input type="radio" value="range" {...register('type')} /> Classico
        </label>
        <label className="checkbox">
          <input type="radio" value="single" {...register('type')} /> Singolo
        </label>
      </fieldset>

      {numberField('capital', 'Capital')}
      <FormField label="Account type" error={errors.accountType?.message}>
        {({ id, describedBy }) => (
          <select {...accountTypeField} id={id} className="input" aria-describedby={describedBy}>
            <option value="retail">Retail</option>
            <option value="pro">Pro</option>
          </select>
        )}
      </FormField>
      <TextField
        label={`Leverage (max ${maxLeverage})`}
        error={errors.leverage?.message}
        registration={leverageField}
        type="number"
        min={1}
        max={maxLeverage}
        step="any"
        inputMode="decimal"
      />
      <FormField label="Market" error={errors.market?.message} hint={coverageHint(marketData, market)}>
        {({ id, describedBy }) => (
          <select {...marketField} id={id} className="input" aria-describedby={describedBy}>
            {marketSchema.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {(['from', 'to'] as const).map((name) => (
        <PeriodDayField
          key={name}
          label={name === 'from' ? 'From' : 'To'}
          error={errors[name]?.message}
          registration={register(name)}
        />
      ))}
      {numberField('worst', 'Worst')}
      {numberField('safeWorst', 'Safe Worst')}

      {type === 'range' ? (
        <>
          <FormField
            label="Algorithm"
            error={errors.algorithm?.message}
            hint={marketAlgorithms.length === 0 ? `Nessun algoritmo per ${market}.` : undefined}
          >
            {({ id, describedBy, invalid }) => (
              <select
                {...register('algorithm')}
                id={id}
                className="input"
                aria-describedby={describedBy}
                aria-invalid={invalid}
              >
                <option value="">Seleziona un algoritmo</option>
                {marketAlgorithms.map((algorithm) => (
                  <option key={algorithm._id} value={algorithm._id}>
                    {algorithm.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <TextField
            label="Fuori campione (%)"
            error={errors.holdOut?.message}
            hint="Ultima parte del periodo tenuta da parte: le righe si calcolano e ordinano sul resto, e ognuna mostra il suo risultato su questa parte. 0 per non usarla."
            registration={register('holdOut')}
            type="number"
            min={0}
            max={50}
            step="any"
            inputMode="decimal"
            autoComplete="off"
          />
          <div className="backtests-switches">
            <label className="checkbox">
              <input type="checkbox" {...register('dynamic')} /> Dynamic secure
            </label>
            <label className="checkbox">
              <input type="checkbox" {...register('close')} /> Close
            </label>
          </div>
        </>
      ) : (
        <>
          {numberField('size', 'Size', defaultHint(SINGLE_DEFAULTS.size))}
          {numberField('addizionale', 'Addizionale', defaultHint(SINGLE_DEFAULTS.addizionale))}
          {numberField('mediazione', 'Mediazione', defaultHint(marketDefaults?.mediazione))}
          {numberField('target', 'Target', defaultHint(marketDefaults?.target))}
          {numberField('multiplier', 'Multiplier', defaultHint(SINGLE_DEFAULTS.multiplier))}
        </>
      )}
    </FormPanel>
  );
}
