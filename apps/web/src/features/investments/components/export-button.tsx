// The row's button that opens its files (issue 36: transactions as CSV, the monthly statement as
// a PDF). An icon only, so it names the row; it opens a dialog, and says so.
import { LineIcon } from '../../../components/line-icon';
import '../../../components/row-actions.css';

interface ExportButtonProps {
  /** The row as a screen reader names it. */
  subject: string;
  onClick: () => void;
}

export function ExportButton({ subject, onClick }: ExportButtonProps) {
  return (
    <button
      type="button"
      className="row-actions__button"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-label={`Esporta ${subject}`}
      title="Esporta (CSV, PDF)"
    >
      <LineIcon size={18} strokeWidth={2}>
        <path d="M12 4v11M7 10l5 5 5-5" />
        <path d="M5 19h14" />
      </LineIcon>
    </button>
  );
}
