// The Backtest manager (product-spec.md sections 2, 4 and 9): the user's backtests (an admin's:
// everyone's), newest first, refreshed every 5 s while one is queued or running; the New
// Backtest form in place of the list; the results dialog of a completed one; deletion behind a
// confirmation.
// jscpd:ignore-start -- the two job managers import the same shared pieces (list, polling,
// deletion); what they build with them differs (creating in a dialog or a panel, sorting, scrolling).
import { BACKTEST_MESSAGES, type Backtest } from '@platform/contracts';
import { useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table/data-table';
import { RowDeletionDialog } from '../../components/row-deletion-dialog';
import { collections } from '../../lib/collections/collections';
import { queueCount } from '../../lib/job-status';
import { useJobList } from '../../lib/use-job-list';
// jscpd:ignore-end
import { useDeleteBacktest } from './api/delete-backtest';
import { backtestColumns } from './components/backtest-columns';
import { BacktestFormPanel } from './components/backtest-form';
import { BacktestResultsDialog } from './components/backtest-results-dialog';
import './backtests.css';

const PAGE_SIZE = 20;
const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
const NO_BACKTESTS: Backtest[] = [];

export function BacktestsView() {
  const backtests = useJobList(collections.backtests);
  const deletion = useDeleteBacktest();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<Backtest | null>(null);
  const [deleting, setDeleting] = useState<Backtest | null>(null);
  const columns = useMemo(() => backtestColumns({ onView: setViewing, onDelete: setDeleting }), []);

  if (creating) return <BacktestFormPanel onClose={() => setCreating(false)} />;

  return (
    <>
      {backtests.isError && (
        <p className="backtests-error" role="alert">
          {backtests.error.message}
        </p>
      )}
      <DataTable
        title={`Backtest Manage - In queue: ${queueCount(backtests.data)}`}
        data={backtests.data ?? NO_BACKTESTS}
        columns={columns}
        getRowId={(backtest) => backtest._id}
        addLabel="New Backtest"
        onAdd={() => setCreating(true)}
        pageSize={PAGE_SIZE}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
      />
      <BacktestResultsDialog backtest={viewing} onClose={() => setViewing(null)} />
      <RowDeletionDialog
        row={deleting}
        message={BACKTEST_MESSAGES.confirmDelete}
        deletion={deletion}
        done={BACKTEST_MESSAGES.deleted}
        failed={BACKTEST_MESSAGES.deleteError}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
