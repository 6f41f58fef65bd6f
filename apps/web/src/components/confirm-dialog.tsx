// Asks before a destructive action (product-spec.md section 5); 'No' has the focus, so Enter
// on an accidental open does nothing harmful.
import { useId } from 'react';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
}

export function ConfirmDialog({
  open,
  message,
  onConfirm,
  onCancel,
  confirmLabel = 'Sì',
  cancelLabel = 'No',
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Dialog open={open} onCancel={onCancel} labelledBy={messageId} role="alertdialog">
      <p id={messageId} className="dialog__message">
        {message}
      </p>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} autoFocus>
          {cancelLabel}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
