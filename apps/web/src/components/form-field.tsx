// A labelled input with its validation message, tied together for screen readers.
import { useId, type ReactElement } from 'react';
import './components.css';

interface FormFieldProps {
  label: string;
  error?: string | undefined;
  hint?: string;
  /** Receives the id the label points at and the id of the message. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactElement;
}

export function FormField({ label, error, hint, children }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      {children({ id, describedBy: message ? messageId : undefined, invalid: Boolean(error) })}
      {message && (
        <p
          id={messageId}
          className={error ? 'form-field__error' : 'form-field__hint'}
          role={error ? 'alert' : undefined}
        >
          {message}
        </p>
      )}
    </div>
  );
}
