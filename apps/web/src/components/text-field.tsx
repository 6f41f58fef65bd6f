// A text-like input (text, email, number, date) in a FormField, wired to react-hook-form.
import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

/** The field sets these itself, or takes them from the registration. */
type FieldOwned =
  'id' | 'className' | 'aria-describedby' | 'aria-invalid' | 'name' | 'ref' | 'onChange' | 'onBlur';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, FieldOwned> {
  label: string;
  error: string | undefined;
  hint?: string | undefined;
  registration: UseFormRegisterReturn;
}

export function TextField({ label, error, hint, registration, ...inputProps }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          {...registration}
          {...inputProps}
          id={id}
          className="input"
          aria-describedby={describedBy}
          aria-invalid={invalid}
        />
      )}
    </FormField>
  );
}
