// Investments (product-spec.md section 2): the list without the investments whose deletion was
// requested, the investment form in its place when adding or editing, deletion requests behind a
// confirmation (positions are not closed), and each bot's Stop or Start behind one too (issue 32;
// positions stay as they are). The list is asked again every 5 s while the view is open, so a bot
// that stops, waits or fails shows it without a reload. Each row exports its transactions (CSV)
// and monthly statements (PDF) from a dialog (issue 36), and opens the investment's chart, equity,
// positions and transactions in another (issue 36, point 2).
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
import { useSwitchInvestmentBot } from './api/switch-investment-bot';
import type { BotSwitch } from './bot-state';
import { AlertSettingsDialog } from './components/alert-settings-dialog';
import { investmentColumns } from './components/investment-columns';
import { InvestmentChartDialog } from './components/investment-chart-dialog';
import { InvestmentExportDialog } from './components/investment-export-dialog';
import { InvestmentFormPanel } from './components/investment-form';
import './investments.css';

const PAGE_SIZE = 15;

type Editing = { investment: Investment | undefined } | null;

interface Switching {
  investment: Investment;
  action: BotSwitch;
}

const SWITCH_MESSAGES: Record<BotSwitch, { confirm: string; done: string; failed: string }> = {
  start: {
    confirm: INVESTMENT_MESSAGES.confirmStart,
    done: INVESTMENT_MESSAGES.started,
    failed: INVESTMENT_MESSAGES.startError,
  },
  stop: {
    confirm: INVESTMENT_MESSAGES.confirmStop,
    done: INVESTMENT_MESSAGES.stopped,
    failed: INVESTMENT_MESSAGES.stopError,
  },
};

export function InvestmentsView() {
  const investments = useQuery({ ...collections.investments, refetchInterval: LIVE_COLLECTION_REFRESH_MS });
  const deletion = useRequestInvestmentDeletion();
  const botSwitch = useSwitchInvestmentBot();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Investment | null>(null);
  const [switching, setSwitching] = useState<Switching | null>(null);
  const [exporting, setExporting] = useState<Investment | null>(null);
  const [alerting, setAlerting] = useState<Investment | null>(null);
  const [viewing, setViewing] = useState<Investment | null>(null);
  const columns = useMemo(
    () =>
      investmentColumns({
        onEdit: (investment) => setEditing({ investment }),
        onDelete: setDeleting,
        onSwitch: (investment, action) => setSwitching({ investment, action }),
        onExport: setExporting,
        onView: setViewing,
        onAlerts: setAlerting,
      }),
    [],
  );
  const visible = useMemo(
    () =>
      (investments.data ?? []).filter((investment) => investment.isRunning !== INVESTMENT_DELETION_REQUESTED),
    [investments.data],
  );

  if (editing)
    return <InvestmentFormPanel investment={editing.investment} onClose={() => setEditing(null)} />;
  if (investments.isPending)
    return (
      <div className="spinner investments-loading" role="status" aria-label="Caricamento investimenti" />
    );

  const confirmDeletion = (investment: Investment) => {
    setDeleting(null);
    deletion.mutate(investment._id, {
      onSuccess: () => notify.success(INVESTMENT_MESSAGES.deleteRequested),
      onError: (error) => notify.error(refusalMessage(error, INVESTMENT_MESSAGES.deleteError)),
    });
  };

  const confirmSwitch = ({ investment, action }: Switching) => {
    setSwitching(null);
    const messages = SWITCH_MESSAGES[action];
    botSwitch.mutate(
      { id: investment._id, action },
      {
        onSuccess: () => notify.success(messages.done),
        // The server's reason when it refuses (one running investment per Capital.com account and market).
        onError: (error) => notify.error(refusalMessage(error, messages.failed)),
      },
    );
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
      <InvestmentExportDialog investment={exporting} onClose={() => setExporting(null)} />
      <AlertSettingsDialog investment={alerting} onClose={() => setAlerting(null)} />
      <InvestmentChartDialog investment={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={switching !== null}
        message={switching ? SWITCH_MESSAGES[switching.action].confirm : ''}
        onConfirm={() => switching && confirmSwitch(switching)}
        onCancel={() => setSwitching(null)}
      />
    </>
  );
}
