// The view, edit and delete buttons of a list row. Icons only, so each button carries a label
// that names the row it acts on.
import { Eye, Pencil, Trash, type LucideIcon } from 'lucide-react';
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
      {onView && <RowAction verb="Visualizza" Icon={Eye} subject={subject} onClick={onView} />}
      {onEdit && <RowAction verb="Modifica" Icon={Pencil} subject={subject} onClick={onEdit} />}
      {onDelete && (
        <RowAction
          verb="Elimina"
          Icon={Trash}
          subject={subject}
          onClick={onDelete}
          disabled={deleteDisabled}
          danger
        />
      )}
    </div>
  );
}

interface RowActionProps {
  /** The button's title, and with the subject its label ('Elimina mario@example.com'). */
  verb: string;
  Icon: LucideIcon;
  subject: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}

function RowAction({ verb, Icon, subject, onClick, disabled = false, danger = false }: RowActionProps) {
  return (
    <button
      type="button"
      className={`icon-button row-actions__button${danger ? ' row-actions__button--danger' : ''}`}
      onClick={onClick}
      disabled={disabled}
      aria-label={`${verb} ${subject}`}
      title={verb}
    >
      <Icon size={18} aria-hidden="true" />
    </button>
  );
}
