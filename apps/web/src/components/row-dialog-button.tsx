// A list row's icon button that opens a dialog about the row (its files, its alerts): icon only,
// so it names the row for a screen reader and says that it opens a dialog. One component, so
// every such button in a row looks, sizes and announces itself alike.
import type { LucideIcon } from 'lucide-react';
import './components.css';
import './row-actions.css';

interface RowDialogButtonProps {
  /** The button's name with the row's, e.g. `Esporta DEMO-1`. */
  label: string;
  /** The tooltip. */
  title: string;
  onClick: () => void;
  /** Drawn at the size of the row's other buttons' icons. */
  icon: LucideIcon;
}

export function RowDialogButton({ label, title, onClick, icon: Icon }: RowDialogButtonProps) {
  return (
    <button
      type="button"
      className="icon-button row-actions__button"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-label={label}
      title={title}
    >
      <Icon size={18} aria-hidden="true" />
    </button>
  );
}
