// Client Processes (admin, product-spec.md section 2): the bots in a table of 10 rows a page, the
// two core services as icons in its header, each command behind a confirmation and announced by a
// toast, and a click on the table opening the process's Real-time Logs. The list comes from the
// monitoring socket (lib/socket.ts), asked for at once and every 5 s while this view is open.
import { PROCESS_MESSAGES, type CoreServiceName } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { collections } from '../../lib/collections/collections';
import { isCoreService, sendProcessCommand, useProcessList } from '../../lib/socket';
import { notify } from '../../lib/toast';
import { CoreServiceDialog } from './components/core-service-dialog';
import { CoreServiceIcons } from './components/core-service-icons';
import { LogsDialog } from './components/logs-dialog';
import { processColumns, toProcessRow, type ProcessRow } from './components/process-columns';
import { confirmCommandMessage, type PendingCommand } from './process-command';
import { compareProcesses, processDisplayName } from './process-display';
import './monitoring.css';

const PAGE_SIZE = 10;

export function MonitoringView() {
  const processes = useProcessList();
  const investments = useQuery(collections.investments);
  const [pending, setPending] = useState<PendingCommand | null>(null);
  const [logsOf, setLogsOf] = useState<ProcessRow | null>(null);
  const [coreService, setCoreService] = useState<CoreServiceName | null>(null);

  const list = useMemo(() => processes.data ?? [], [processes.data]);
  // Uptimes are as of the list's arrival, which comes every 5 s.
  const receivedAt = processes.dataUpdatedAt;
  const rows = useMemo(
    () =>
      list
        .filter((process) => !isCoreService(process.name))
        .sort(compareProcesses)
        .map((process) =>
          toProcessRow(process, processDisplayName(process.name, investments.data ?? []), receivedAt),
        ),
    [list, investments.data, receivedAt],
  );
  const columns = useMemo(
    () =>
      processColumns((row, action) =>
        setPending({ action, processName: row.processName, displayName: row.displayName }),
      ),
    [],
  );
  const coreProcess = list.find((process) => process.name === coreService);

  const confirm = (command: PendingCommand) => {
    setPending(null);
    sendProcessCommand(command.action, command.processName);
    notify.success(PROCESS_MESSAGES.sending(command.action, command.displayName));
  };

  return (
    <>
      <DataTable
        title="Client Processes"
        data={rows}
        columns={columns}
        getRowId={(row) => row.processName}
        pageSize={PAGE_SIZE}
        pageSizeOptions={[PAGE_SIZE, 20, 50, 100]}
        // Narrower than the default so the eight columns fit beside the sidebar.
        maxCellWidth={220}
        className="processes-table"
        onRowClick={setLogsOf}
        actions={<CoreServiceIcons processes={list} onOpen={setCoreService} />}
      />
      <CoreServiceDialog
        name={coreService}
        process={coreProcess}
        now={receivedAt}
        onAction={(action) =>
          coreService && setPending({ action, processName: coreService, displayName: coreService })
        }
        onClose={() => setCoreService(null)}
      />
      <LogsDialog process={logsOf} onClose={() => setLogsOf(null)} />
      <ConfirmDialog
        open={pending !== null}
        message={pending ? confirmCommandMessage(pending) : ''}
        onConfirm={() => pending && confirm(pending)}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
