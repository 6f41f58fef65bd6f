// The row's button that opens its alert settings (issue 36, point 4): a bell, named for the row.
import { RowDialogButton } from '../../../components/row-dialog-button';

export function AlertsButton({ subject, onClick }: { subject: string; onClick: () => void }) {
  return (
    <RowDialogButton label={`Avvisi ${subject}`} title="Avvisi" onClick={onClick}>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </RowDialogButton>
  );
}
