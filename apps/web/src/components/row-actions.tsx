// The view, edit and delete buttons of a list row. Icons only, so each button carries a label
// that names the row it acts on.
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
        <button type="button" className="row-actions__button" onClick={onView} aria-label={`Visualizza ${subject}`} title="Visualizza">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
          </svg>
        </button>
      )}
      {onEdit && (
        <button type="button" className="row-actions__button" onClick={onEdit} aria-label={`Modifica ${subject}`} title="Modifica">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 20h4L19 9l-4-4L4 16v4z" />
            <path d="M13.5 6.5l4 4" />
          </svg>
        </button>
      )}
      {onDelete && (
        <button
          type="button"
          className="row-actions__button row-actions__button--danger"
          onClick={onDelete}
          disabled={deleteDisabled}
          aria-label={`Elimina ${subject}`}
          title="Elimina"
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
            <path d="M10 11v6M14 11v6" />
          </svg>
        </button>
      )}
    </div>
  );
}
