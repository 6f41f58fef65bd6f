// A dialog about one row of a list (an investment's alerts, its files): open while a row is given,
// labelled by the title its body shows, and its body made afresh for each row, so that what was
// typed for one row is not left in the form of the next.
import { Fragment, useId, type ReactNode } from 'react';
import { Dialog } from './dialog';

interface RowDialogProps<Row extends { _id: string }> {
  /** null: closed. */
  row: Row | null;
  onClose: () => void;
  className: string;
  /** The body for the row; its title carries `titleId`. */
  children: (row: Row, titleId: string) => ReactNode;
}

export function RowDialog<Row extends { _id: string }>({
  row,
  onClose,
  className,
  children,
}: RowDialogProps<Row>) {
  const titleId = useId();
  return (
    <Dialog open={row !== null} onCancel={onClose} labelledBy={titleId} className={className}>
      {row && <Fragment key={row._id}>{children(row, titleId)}</Fragment>}
    </Dialog>
  );
}
