// The Analysis Details dialog (product-spec.md section 2): market, period and the cards of
// engine.md section 7; the ChoCh card only when the analysis found a change of character.
import type { Analysis, AnalysisResultsView } from '@platform/contracts';
import { useId } from 'react';
import { DetailsDialog } from '../../../components/details-dialog';
import { formatDay } from '../../../lib/format';
import { formatDuration, formatPoints } from '../analysis-display';

interface AnalysisDetailsDialogProps {
  /** null: closed. */
  analysis: Analysis | null;
  onClose: () => void;
}

export function AnalysisDetailsDialog({ analysis, onClose }: AnalysisDetailsDialogProps) {
  return (
    <DetailsDialog item={analysis} title="Analysis Details" onClose={onClose} className="dialog--analysis">
      {({ market, from, to, results }) => (
        <>
          <dl className="analysis-details__facts">
            <dt>Market</dt>
            <dd>{market}</dd>
            <dt>Period</dt>
            <dd>
              {formatDay(from)} – {formatDay(to)}
            </dd>
          </dl>
          {results ? (
            <AnalysisCards results={results} />
          ) : (
            <p className="analysis-details__empty">Nessun risultato disponibile.</p>
          )}
        </>
      )}
    </DetailsDialog>
  );
}

function AnalysisCards({ results: { volatility, worst, choch } }: { results: AnalysisResultsView }) {
  return (
    <div className="analysis-cards">
      <FigureCard
        title="Volatility"
        figures={[
          ['Mean', formatPoints(volatility.mean)],
          ['Min', formatPoints(volatility.min)],
          ['Max', formatPoints(volatility.max)],
        ]}
      />
      <FigureCard
        title="Worst Positive"
        figures={[
          ['Mean', formatPoints(worst.avg_positive)],
          ['Min', formatPoints(worst.min_positive)],
          ['Max', formatPoints(worst.max_positive)],
        ]}
      />
      <FigureCard
        title="Worst Negative"
        figures={[
          ['Mean', formatPoints(worst.avg_negative)],
          ['Min', formatPoints(worst.min_negative)],
          ['Max', formatPoints(worst.max_negative)],
        ]}
      />
      <FigureCard
        title="Worst Durations"
        figures={[
          ['Mean positive', formatDuration(worst.avg_positive_duration)],
          ['Mean negative', formatDuration(worst.avg_negative_duration)],
        ]}
      />
      {choch && (
        <FigureCard
          title="ChoCh Analysis"
          figures={[
            ['Min', formatPoints(choch.min_diff)],
            ['Max', formatPoints(choch.max_diff)],
            ['Mean', formatPoints(choch.avg_diff)],
          ]}
        />
      )}
    </div>
  );
}

function FigureCard({ title, figures }: { title: string; figures: readonly (readonly [string, string])[] }) {
  const titleId = useId();
  return (
    <article className="inset-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="analysis-card__title">
        {title}
      </h3>
      <dl className="analysis-card__figures">
        {figures.map(([label, value]) => (
          <div key={label} className="analysis-card__figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
