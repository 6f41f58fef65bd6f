// The dialog that holds a trading chart (a backtest row's curve, an investment's view): a title,
// what it is about, a close button, and the panel, which arrives in a lazy chunk of its own (the
// chart's library with it) behind a spinner.
import { Suspense, useId, type ReactNode } from 'react';
import { Dialog } from '../dialog';
import './chart-panel.css';

interface ChartDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The line under the title: what the chart is of. */
  subject: ReactNode;
  /** The spinner's name and class while the panel's chunk loads. */
  loading: { label: string; className: string };
  children: ReactNode;
}

export function ChartDialog({ open, onClose, title, subject, loading, children }: ChartDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onCancel={onClose} labelledBy={titleId} className="dialog--chart">
      {open && (
        <div>
          <header className="chart-panel__header">
            <div>
              <h2 id={titleId} className="dialog__title">
                {title}
              </h2>
              <p className="muted-note">{subject}</p>
            </div>
            <button type="button" className="button button--ghost" onClick={onClose}>
              Chiudi
            </button>
          </header>
          <Suspense
            fallback={
              <div className={`spinner ${loading.className}`} role="status" aria-label={loading.label} />
            }
          >
            {children}
          </Suspense>
        </div>
      )}
    </Dialog>
  );
}
