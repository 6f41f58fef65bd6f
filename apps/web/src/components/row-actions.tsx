// The view, edit and delete buttons of a list row. Icons only, so each button carries a label
// that names the row it acts on.
import { Eye, Pencil, Trash } from 'lucide-react';
import './components.css';
import './row-actions.css';

interface RowActionsProps {
  /** What the row is called to a screen reader, e.g. the username or the account id. */
  subject: string;
  /** Opens the row's details or results. */
  onView?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  /** A row whose deletion was already requested offers no second request. */
  deleteDisabled?: boolean;
}

export function RowActions({ subject, onView, onEdit, onDelete, deleteDisabled = false }: RowActionsProps) {
  return (
    <div className="row-actions">
      {onView && (
        <button
          type="button"
          className="icon-button row-actions__button"
          onClick={onView}
          aria-label={`Visualizza ${subject}`}
          title="Visualizza"
        >
          <Eye size={18} aria-hidden="true" />
        </button>
      )}
      {onEdit && (
        <button
          type="button"
          className="icon-button row-actions__button"
          onClick={onEdit}
          aria-label={`Modifica ${subject}`}
          title="Modifica"
        >
          <Pencil size={18} aria-hidden="true" />
        </button>
      )}
      {onDelete && (
        <button
          type="button"
          className="icon-button row-actions__button row-actions__button--danger"
          onClick={onDelete}
          disabled={deleteDisabled}
          aria-label={`Elimina ${subject}`}
          title="Elimina"
        >
          <Trash size={18} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
