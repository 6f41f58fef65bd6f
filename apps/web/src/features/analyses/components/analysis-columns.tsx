// The columns of the analysis manager (product-spec.md section 2): Market, Creation Date, Period,
// Status, and the actions of a finished row: details and delete once completed, delete alone
// after a failure.
import type { Analysis } from '@platform/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { JobStatusCell, jobStatusLabel } from '../../../components/job-status-cell';
import { RowActions } from '../../../components/row-actions';
import { formatDateTime, formatDay } from '../../../lib/format';
import { jobState } from '../../../lib/job-status';

interface AnalysisColumnActions {
  onView: (analysis: Analysis) => void;
  onDelete: (analysis: Analysis) => void;
}

const column = createColumnHelper<Analysis>();

export const analysisColumns = ({ onView, onDelete }: AnalysisColumnActions) => [
  // On a phone market and creation date go into the row's details; period, status and actions
  // stay (with the market too they would not fit 390 px).
  column.accessor('market', { header: 'Market', meta: { phone: 'details' } }),
  column.accessor('createdAt', {
    header: 'Creation Date',
    meta: { phone: 'details' },
    cell: ({ getValue }) => <time dateTime={getValue()}>{formatDateTime(getValue())}</time>,
  }),
  column.accessor((analysis) => `${formatDay(analysis.from)} – ${formatDay(analysis.to)}`, {
    id: 'period',
    header: 'Period',
  }),
  // The id holds 'status', so the table colours Completed and Error.
  column.accessor((analysis) => jobStatusLabel(analysis.isCompleted), {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: analysis } }) => (
      <JobStatusCell isCompleted={analysis.isCompleted} error={analysis.error} />
    ),
  }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row: { original: analysis } }) => {
      const subject = `analisi ${analysis.market} ${formatDay(analysis.from)} – ${formatDay(analysis.to)}`;
      switch (jobState(analysis.isCompleted)) {
        case 'queued':
        case 'running':
          return null;
        case 'done':
          return (
            <RowActions
              subject={subject}
              onView={() => onView(analysis)}
              onDelete={() => onDelete(analysis)}
            />
          );
        case 'failed':
          return <RowActions subject={subject} onDelete={() => onDelete(analysis)} />;
      }
    },
  }),
];
