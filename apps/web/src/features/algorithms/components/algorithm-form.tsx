// The algorithm form (product-spec.md sections 2 and 5, DESIGN.md section 6): name, description
// and minimum capital, and an advanced part with the market and the grid parameters, which
// start from the chosen market's row of the instrument table.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ALGORITHM_MESSAGES,
  algorithmFormSchema,
  marketSchema,
  type Algorithm,
  type AlgorithmForm,
  type AlgorithmFormInput,
  type Instrument,
  type Market,
} from '@platform/contracts';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { FormPanel } from '../../../components/form-panel';
import { TextField } from '../../../components/text-field';
import { refusalMessage } from '../../../lib/refusal-message';
import { notify } from '../../../lib/toast';
import { useAddAlgorithm } from '../api/add-algorithm';
import { useUpdateAlgorithm } from '../api/update-algorithm';

type ConfigField = 'mediazione' | 'target' | 'multiplier' | 'worst' | 'safeWorst';

const CONFIG_FIELDS: readonly { name: ConfigField; label: string; min: number }[] = [
  { name: 'mediazione', label: 'Mediazione', min: 0.01 },
  { name: 'target', label: 'Target', min: 0.01 },
  { name: 'multiplier', label: 'Multiplier', min: 1 },
  { name: 'worst', label: 'Worst', min: 0.01 },
  { name: 'safeWorst', label: 'Safe Worst', min: 0.01 },
];

/** The server's defaults for a market: its instrument row and multiplier 1. */
function marketDefaults(instruments: readonly Instrument[], market: Market): AlgorithmForm['config'] {
  const instrument = instruments.find((row) => row.market === market);
  return instrument ? { ...instrument.defaults, multiplier: 1 } : {};
}

function initialValues(algorithm: Algorithm | undefined, instruments: readonly Instrument[]): AlgorithmForm {
  if (!algorithm)
    return {
      name: '',
      description: '',
      minCapital: Number.NaN,
      market: 'GOLD',
      config: marketDefaults(instruments, 'GOLD'),
    };
  const { name, description, minCapital, market, config } = algorithm;
  const { mediazione, target, multiplier, worst, safeWorst } = config;
  return {
    name,
    description,
    minCapital,
    market,
    config: { mediazione, target, multiplier, worst, safeWorst },
  };
}

/** An emptied parameter is left out, so the server fills it from the market's defaults. */
const optionalNumber = (value: unknown) => (value === '' || value === undefined ? undefined : Number(value));

interface AlgorithmFormPanelProps {
  algorithm: Algorithm | undefined;
  instruments: readonly Instrument[];
  onClose: () => void;
}

export function AlgorithmFormPanel({ algorithm, instruments, onClose }: AlgorithmFormPanelProps) {
  const add = useAddAlgorithm();
  const update = useUpdateAlgorithm();
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const { register, handleSubmit, setValue, formState } = useForm<AlgorithmForm, unknown, AlgorithmFormInput>(
    {
      resolver: zodResolver(algorithmFormSchema),
      defaultValues: initialValues(algorithm, instruments),
    },
  );
  const { errors } = formState;

  const submit = (body: AlgorithmFormInput) => {
    const options = {
      onSuccess: () => {
        notify.success(algorithm ? ALGORITHM_MESSAGES.updated : ALGORITHM_MESSAGES.added);
        onClose();
      },
      onError: (error: Error) => notify.error(refusalMessage(error, ALGORITHM_MESSAGES.saveError)),
    };
    if (algorithm) update.mutate({ id: algorithm._id, body }, options);
    else add.mutate(body, options);
  };
  // A wrong parameter must not hide in a closed section.
  const revealInvalid = (invalid: FieldErrors<AlgorithmForm>) => {
    if (invalid.config || invalid.market) setAdvancedOpen(true);
  };

  const title = algorithm ? 'Edit Algorithm' : 'New Algorithm';
  return (
    <FormPanel
      title={title}
      submitLabel="Salva"
      onBack={onClose}
      onSubmit={(event) => void handleSubmit(submit, revealInvalid)(event)}
      busy={add.isPending || update.isPending}
    >
      <TextField
        label="Name"
        error={errors.name?.message}
        registration={register('name')}
        autoComplete="off"
      />
      <TextField
        label="Min Capital"
        error={errors.minCapital?.message}
        registration={register('minCapital', { valueAsNumber: true })}
        type="number"
        min={0.01}
        step={0.01}
        inputMode="decimal"
      />
      <div className="form-panel__wide">
        <FormField label="Description" error={errors.description?.message}>
          {({ id, describedBy, invalid }) => (
            <textarea
              {...register('description')}
              id={id}
              className="input algorithms-form__description"
              rows={3}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </FormField>
      </div>
      <details
        className="form-panel__wide algorithms-form__advanced"
        open={advancedOpen}
        onToggle={(event) => setAdvancedOpen(event.currentTarget.open)}
      >
        <summary>Advanced</summary>
        <div className="algorithms-form__grid">
          <FormField label="Market" error={errors.market?.message}>
            {({ id, describedBy }) => (
              <select
                {...register('market', {
                  onChange: (event: { target: { value: string } }) =>
                    setValue('config', marketDefaults(instruments, marketSchema.parse(event.target.value))),
                })}
                id={id}
                className="input"
                aria-describedby={describedBy}
              >
                {marketSchema.options.map((market) => (
                  <option key={market} value={market}>
                    {market}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {CONFIG_FIELDS.map(({ name, label, min }) => (
            <TextField
              key={name}
              label={label}
              error={errors.config?.[name]?.message}
              registration={register(`config.${name}`, { setValueAs: optionalNumber })}
              type="number"
              min={min}
              step="any"
              inputMode="decimal"
            />
          ))}
        </div>
      </details>
    </FormPanel>
  );
}
