// A PasswordInput in a FormField, wired to react-hook-form.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';
import { PasswordInput } from './password-input';

export interface PasswordFieldProps {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  /** Tells password managers whether to offer the saved password or a new one. */
  autoComplete: 'current-password' | 'new-password' | 'off';
  autoFocus?: boolean;
}

export function PasswordField({ label, error, registration, autoComplete, autoFocus }: PasswordFieldProps) {
  return (
    <FormField label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <PasswordInput
          {...registration}
          id={id}
          className="input"
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          aria-describedby={describedBy}
          aria-invalid={invalid}
        />
      )}
    </FormField>
  );
}
