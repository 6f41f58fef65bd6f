// The row's button that opens its alert settings (issue 36, point 4): a bell, named for the row.
import { Bell } from 'lucide-react';
import { RowDialogButton } from '../../../components/row-dialog-button';

export function AlertsButton({ subject, onClick }: { subject: string; onClick: () => void }) {
  return <RowDialogButton label={`Avvisi ${subject}`} title="Avvisi" onClick={onClick} icon={Bell} />;
}
