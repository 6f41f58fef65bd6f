// The New Analysis dialog (product-spec.md sections 2 and 5): two days within the product's span
// and a market (GOLD unless changed), checked by the contract's schema; the stored price data of
// the market is told so the dates can be chosen where bars exist.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ANALYSIS_MESSAGES,
  createAnalysisSchema,
  marketSchema,
  type CreateAnalysis,
  type MarketDataSet,
} from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog } from '../../../components/dialog';
import { FormField } from '../../../components/form-field';
import { PeriodDayField } from '../../../components/period-day-field';
import { collections } from '../../../lib/collections/collections';
import { coverageHint, suggestedPeriod } from '../../../lib/market-coverage';
import { refusalMessage } from '../../../lib/refusal-message';
import { notify } from '../../../lib/toast';
import { useCreateAnalysis, type NewAnalysis } from '../api/create-analysis';

interface NewAnalysisDialogProps {
  open: boolean;
  onClose: () => void;
}

export function NewAnalysisDialog({ open, onClose }: NewAnalysisDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onCancel={onClose} labelledBy={titleId}>
      {open && (
        <>
          <h2 id={titleId} className="dialog__title">
            New Analysis
          </h2>
          <NewAnalysisLoader onClose={onClose} />
        </>
      )}
    </Dialog>
  );
}

/** The form starts on a period that has data once the stored sets are known. */
function NewAnalysisLoader({ onClose }: { onClose: () => void }) {
  const marketData = useQuery(collections.marketdata);
  if (marketData.isPending)
    return <div className="spinner analyses-loading" role="status" aria-label="Caricamento" />;
  return <NewAnalysisForm marketData={marketData.data ?? []} onClose={onClose} />;
}

function NewAnalysisForm({
  marketData,
  onClose,
}: {
  marketData: readonly MarketDataSet[];
  onClose: () => void;
}) {
  const create = useCreateAnalysis();
  const { register, handleSubmit, control, formState } = useForm<CreateAnalysis, unknown, NewAnalysis>({
    resolver: zodResolver(createAnalysisSchema),
    defaultValues: { ...suggestedPeriod(marketData, 'GOLD'), market: 'GOLD' },
  });
  const market = useWatch({ control, name: 'market' }) ?? 'GOLD';
  const { errors } = formState;

  const submit = (body: NewAnalysis) =>
    create.mutate(body, {
      onSuccess: () => {
        notify.success(ANALYSIS_MESSAGES.created);
        onClose();
      },
      onError: (error) => notify.error(refusalMessage(error, ANALYSIS_MESSAGES.createError)),
    });

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      {(['from', 'to'] as const).map((name) => (
        <PeriodDayField
          key={name}
          label={name === 'from' ? 'Start Date' : 'End Date'}
          error={errors[name]?.message}
          registration={register(name)}
        />
      ))}
      <FormField label="Market" error={errors.market?.message} hint={coverageHint(marketData, market)}>
        {({ id, describedBy }) => (
          <select {...register('market')} id={id} className="input" aria-describedby={describedBy}>
            {marketSchema.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={create.isPending}
          aria-busy={create.isPending}
        >
          Submit
        </button>
      </div>
    </form>
  );
}
