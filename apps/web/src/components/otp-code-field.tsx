// The six-digit code of an authenticator app, in a FormField wired to react-hook-form: a numeric
// keyboard on phones, and the code offered by the browser when it has one.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

export interface OtpCodeFieldProps {
  label: string;
  error: string | undefined;
  hint?: string;
  registration: UseFormRegisterReturn;
  autoFocus?: boolean;
  /** Without the large spaced digits: for an optional code among plain inputs. */
  plain?: boolean;
}

export function OtpCodeField({
  label,
  error,
  hint,
  registration,
  autoFocus,
  plain = false,
}: OtpCodeFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          {...registration}
          id={id}
          className={plain ? 'input' : 'input input--code'}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus={autoFocus}
          aria-describedby={describedBy}
          aria-invalid={invalid}
        />
      )}
    </FormField>
  );
}
