// Deleting a row of a list, or requesting its deletion, behind a confirmation (product-spec.md
// section 5): open while a row is given; 'Sì' closes it and sends the deletion, whose outcome a
// toast tells. A refusal shows the server's reason (a 409: investments still use the account),
// which the screen's generic message would hide.
import { refusalMessage } from '../lib/refusal-message';
import { notify } from '../lib/toast';
import { ConfirmDialog } from './confirm-dialog';

/** The deletion's mutation: the row's id in, its outcome in the callbacks. */
interface RowDeletion {
  mutate(id: string, callbacks: { onSuccess: () => void; onError: (error: Error) => void }): void;
}

interface RowDeletionDialogProps {
  /** null: closed. */
  row: { _id: string } | null;
  /** The question asked. */
  message: string;
  deletion: RowDeletion;
  /** The toast once deleted. */
  done: string;
  /** The toast when the deletion failed without a reason from the server. */
  failed: string;
  onClose: () => void;
}

export function RowDeletionDialog({ row, message, deletion, done, failed, onClose }: RowDeletionDialogProps) {
  const confirm = () => {
    if (!row) return;
    onClose();
    deletion.mutate(row._id, {
      onSuccess: () => notify.success(done),
      onError: (error) => notify.error(refusalMessage(error, failed)),
    });
  };
  return <ConfirmDialog open={row !== null} message={message} onConfirm={confirm} onCancel={onClose} />;
}
