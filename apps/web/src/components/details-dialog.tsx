// A read-only dialog about one item: its title, what the caller shows of the item, and Chiudi.
// Escape closes it too.
import { useId, type ReactNode } from 'react';
import { Dialog, DialogCloseActions } from './dialog';

interface DetailsDialogProps<T> {
  /** What the dialog is about; null: closed. */
  item: T | null;
  title: string;
  onClose: () => void;
  /** Added to .dialog, e.g. for a wider dialog. */
  className?: string;
  children: (item: T) => ReactNode;
}

export function DetailsDialog<T>({ item, title, onClose, className, children }: DetailsDialogProps<T>) {
  const titleId = useId();
  return (
    <Dialog open={item !== null} onCancel={onClose} labelledBy={titleId} className={className}>
      {item !== null && (
        <>
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {children(item)}
          <DialogCloseActions onClose={onClose} />
        </>
      )}
    </Dialog>
  );
}
