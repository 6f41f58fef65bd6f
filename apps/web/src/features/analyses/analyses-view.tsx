// The Analysis manager (product-spec.md sections 2, 4 and 9): the user's analyses (an admin's:
// everyone's), newest first, 30 a page with virtual scrolling beyond 15, refreshed every 5 s
// while one is unfinished; the New Analysis and Analysis Details dialogs; deletion behind a
// confirmation.
import { ANALYSIS_MESSAGES, type Analysis } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { collections } from '../../lib/collections/collections';
import { jobPollInterval, queueCount } from '../../lib/job-status';
import { refusalMessage } from '../../lib/refusal-message';
import { notify } from '../../lib/toast';
import { newestFirst } from './analysis-display';
import { useDeleteAnalysis } from './api/delete-analysis';
import { analysisColumns } from './components/analysis-columns';
import { AnalysisDetailsDialog } from './components/analysis-details-dialog';
import { NewAnalysisDialog } from './components/new-analysis-dialog';
import './analyses.css';

const PAGE_SIZE = 30;
const PAGE_SIZE_OPTIONS = [15, 30, 50, 100] as const;
const VIRTUALIZE_ABOVE = 15;

export function AnalysesView() {
  const analyses = useQuery({
    ...collections.analyses,
    refetchInterval: (query) => jobPollInterval(query.state.data),
  });
  const deletion = useDeleteAnalysis();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<Analysis | null>(null);
  const [deleting, setDeleting] = useState<Analysis | null>(null);
  const columns = useMemo(() => analysisColumns({ onView: setViewing, onDelete: setDeleting }), []);
  const rows = useMemo(() => newestFirst(analyses.data ?? []), [analyses.data]);

  const confirmDeletion = (analysis: Analysis) => {
    setDeleting(null);
    deletion.mutate(analysis._id, {
      onSuccess: () => notify.success(ANALYSIS_MESSAGES.deleted),
      onError: (error) => notify.error(refusalMessage(error, ANALYSIS_MESSAGES.deleteError)),
    });
  };

  return (
    <>
      {analyses.isError && (
        <p className="analyses-error" role="alert">
          {analyses.error.message}
        </p>
      )}
      <DataTable
        title={`Analysis Manage - In queue: ${queueCount(analyses.data)}`}
        data={rows}
        columns={columns}
        getRowId={(analysis) => analysis._id}
        addLabel="New Analysis"
        onAdd={() => setCreating(true)}
        pageSize={PAGE_SIZE}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        virtualizeAbove={VIRTUALIZE_ABOVE}
        height="82vh"
      />
      <NewAnalysisDialog open={creating} onClose={() => setCreating(false)} />
      <AnalysisDetailsDialog analysis={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        message={ANALYSIS_MESSAGES.confirmDelete}
        onConfirm={() => deleting && confirmDeletion(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
