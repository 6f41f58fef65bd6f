// The row's button that opens its files (issue 36: transactions as CSV, the monthly statement as
// a PDF). An icon only, so it names the row; it opens a dialog, and says so.
import { Download } from 'lucide-react';
import { RowDialogButton } from '../../../components/row-dialog-button';

interface ExportButtonProps {
  /** The row as a screen reader names it. */
  subject: string;
  onClick: () => void;
}

export function ExportButton({ subject, onClick }: ExportButtonProps) {
  return (
    <RowDialogButton
      label={`Esporta ${subject}`}
      title="Esporta (CSV, PDF)"
      onClick={onClick}
      icon={Download}
    />
  );
}
