// The six-digit code field of the 2FA screens, with its validation message.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/form-field';

export function OtpCodeField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<'token'>;
  error: string | undefined;
}) {
  return (
    <FormField label="Codice OTP" error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          {...registration}
          id={id}
          className="input input--code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          aria-describedby={describedBy}
          aria-invalid={invalid}
        />
      )}
    </FormField>
  );
}
