// A list row's icon button that opens a dialog about the row (its files, its alerts): icon only,
// so it names the row for a screen reader and says that it opens a dialog. One component, so
// every such button in a row looks, sizes and announces itself alike.
import type { ReactNode } from 'react';
import { LineIcon } from './line-icon';
import './row-actions.css';

interface RowDialogButtonProps {
  /** The button's name with the row's, e.g. `Esporta DEMO-1`. */
  label: string;
  /** The tooltip. */
  title: string;
  onClick: () => void;
  /** The icon's paths, drawn in a 24×24 box. */
  children: ReactNode;
}

export function RowDialogButton({ label, title, onClick, children }: RowDialogButtonProps) {
  return (
    <button
      type="button"
      className="row-actions__button"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-label={label}
      title={title}
    >
      <LineIcon size={18} strokeWidth={2}>
        {children}
      </LineIcon>
    </button>
  );
}
