// The Backtest manager (product-spec.md sections 2, 4 and 9): the user's backtests (an admin's:
// everyone's), newest first, refreshed every 5 s while one is queued or running; the New
// Backtest form in place of the list; the results dialog of a completed one; deletion behind a
// confirmation.
import { BACKTEST_MESSAGES, type Backtest } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { collections } from '../../lib/collections/collections';
import { jobPollInterval, queueCount } from '../../lib/job-status';
import { refusalMessage } from '../../lib/refusal-message';
import { notify } from '../../lib/toast';
import { useDeleteBacktest } from './api/delete-backtest';
import { backtestColumns } from './components/backtest-columns';
import { BacktestFormPanel } from './components/backtest-form';
import { BacktestResultsDialog } from './components/backtest-results-dialog';
import './backtests.css';

const PAGE_SIZE = 20;
const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
const NO_BACKTESTS: Backtest[] = [];

export function BacktestsView() {
  const backtests = useQuery({
    ...collections.backtests,
    refetchInterval: (query) => jobPollInterval(query.state.data),
  });
  const deletion = useDeleteBacktest();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<Backtest | null>(null);
  const [deleting, setDeleting] = useState<Backtest | null>(null);
  const columns = useMemo(() => backtestColumns({ onView: setViewing, onDelete: setDeleting }), []);

  if (creating) return <BacktestFormPanel onClose={() => setCreating(false)} />;

  const confirmDeletion = (backtest: Backtest) => {
    setDeleting(null);
    deletion.mutate(backtest._id, {
      onSuccess: () => notify.success(BACKTEST_MESSAGES.deleted),
      onError: (error) => notify.error(refusalMessage(error, BACKTEST_MESSAGES.deleteError)),
    });
  };

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
      <ConfirmDialog
        open={deleting !== null}
        message={BACKTEST_MESSAGES.confirmDelete}
        onConfirm={() => deleting && confirmDeletion(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
