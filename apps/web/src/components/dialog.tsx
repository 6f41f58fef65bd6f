// The modal base of every dialog: the native <dialog> opened with showModal() traps focus, makes
// the page inert and closes on Escape; the open prop stays the single source of truth.
import { useEffect, useRef, type ReactNode } from 'react';
import './components.css';

interface DialogProps {
  open: boolean;
  /** Escape. Without it Escape does nothing: the dialog needs an explicit answer. */
  onCancel?: () => void;
  /** A click on the backdrop, outside the dialog's box. Without it such a click does nothing. */
  onBackdropClick?: () => void;
  labelledBy: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  /** Added to .dialog, e.g. for a wider dialog. */
  className?: string;
  children: ReactNode;
}

export function Dialog({
  open,
  onCancel,
  onBackdropClick,
  labelledBy,
  describedBy,
  role = 'dialog',
  className,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      role={role}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onCancel?.();
      }}
      onClick={
        onBackdropClick &&
        ((event) => {
          // The backdrop belongs to the <dialog> itself: only a click outside its box is on it.
          if (event.target !== event.currentTarget) return;
          const box = event.currentTarget.getBoundingClientRect();
          const inside =
            event.clientX >= box.left &&
            event.clientX <= box.right &&
            event.clientY >= box.top &&
            event.clientY <= box.bottom;
          if (!inside) onBackdropClick();
        })
      }
    >
      {open && children}
    </dialog>
  );
}

/** The footer of a dialog that only shows something: one button that closes it, focused on opening. */
export function DialogCloseActions({ onClose }: { onClose: () => void }) {
  return (
    <div className="dialog__actions">
      <button type="button" className="button button--primary" onClick={onClose} autoFocus>
        Chiudi
      </button>
    </div>
  );
}
