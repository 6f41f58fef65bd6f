// Investments (product-spec.md section 2): the list without the investments whose deletion was
// requested, the investment form in its place when adding or editing, and deletion requests
// behind a confirmation (positions are not closed). The list is asked again every 5 s while the
// view is open, so a bot that stops or fails shows it without a reload.
import { INVESTMENT_DELETION_REQUESTED, INVESTMENT_MESSAGES, type Investment } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { collections } from '../../lib/collections/collections';
import { LIVE_COLLECTION_REFRESH_MS } from '../../lib/collections/live-refresh';
import { refusalMessage } from '../../lib/refusal-message';
import { notify } from '../../lib/toast';
import { useRequestInvestmentDeletion } from './api/request-investment-deletion';
import { investmentColumns } from './components/investment-columns';
import { InvestmentFormPanel } from './components/investment-form';
import './investments.css';

const PAGE_SIZE = 15;

type Editing = { investment: Investment | undefined } | null;

export function InvestmentsView() {
  const investments = useQuery({ ...collections.investments, refetchInterval: LIVE_COLLECTION_REFRESH_MS });
  const deletion = useRequestInvestmentDeletion();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Investment | null>(null);
  const columns = useMemo(() => investmentColumns({ onEdit: (investment) => setEditing({ investment }), onDelete: setDeleting }), []);
  const visible = useMemo(
    () => (investments.data ?? []).filter((investment) => investment.isRunning !== INVESTMENT_DELETION_REQUESTED),
    [investments.data],
  );

  if (editing) return <InvestmentFormPanel investment={editing.investment} onClose={() => setEditing(null)} />;
  if (investments.isPending) return <div className="spinner investments-loading" role="status" aria-label="Caricamento investimenti" />;

  const confirmDeletion = (investment: Investment) => {
    setDeleting(null);
    deletion.mutate(investment._id, {
      onSuccess: () => notify.success(INVESTMENT_MESSAGES.deleteRequested),
      onError: (error) => notify.error(refusalMessage(error, INVESTMENT_MESSAGES.deleteError)),
    });
  };

  return (
    <>
      {investments.isError && (
        <p className="investments-error" role="alert">
          {investments.error.message}
        </p>
      )}
      <DataTable
        title="Investments"
        data={visible}
        columns={columns}
        getRowId={(investment) => investment._id}
        addLabel="Add Investment"
        onAdd={() => setEditing({ investment: undefined })}
        pageSize={PAGE_SIZE}
        pageSizeOptions={[PAGE_SIZE, 30, 50, 100]}
      />
      <ConfirmDialog
        open={deleting !== null}
        message={INVESTMENT_MESSAGES.confirmDelete}
        onConfirm={() => deleting && confirmDeletion(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
