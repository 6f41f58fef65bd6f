// The Analysis manager (product-spec.md sections 2, 4 and 9): the user's analyses (an admin's:
// everyone's), newest first, 30 a page with virtual scrolling beyond 15, refreshed every 5 s
// while one is unfinished; the New Analysis and Analysis Details dialogs; deletion behind a
// confirmation.
// jscpd:ignore-start -- the two job managers import the same shared pieces (list, polling,
// deletion); what they build with them differs (creating in a dialog or a panel, sorting, scrolling).
import { ANALYSIS_MESSAGES, type Analysis } from '@platform/contracts';
import { useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table/data-table';
import { RowDeletionDialog } from '../../components/row-deletion-dialog';
import { collections } from '../../lib/collections/collections';
import { queueCount } from '../../lib/job-status';
import { useJobList } from '../../lib/use-job-list';
// jscpd:ignore-end
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
  const analyses = useJobList(collections.analyses);
  const deletion = useDeleteAnalysis();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<Analysis | null>(null);
  const [deleting, setDeleting] = useState<Analysis | null>(null);
  const columns = useMemo(() => analysisColumns({ onView: setViewing, onDelete: setDeleting }), []);
  const rows = useMemo(() => newestFirst(analyses.data ?? []), [analyses.data]);

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
      <RowDeletionDialog
        row={deleting}
        message={ANALYSIS_MESSAGES.confirmDelete}
        deletion={deletion}
        done={ANALYSIS_MESSAGES.deleted}
        failed={ANALYSIS_MESSAGES.deleteError}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
