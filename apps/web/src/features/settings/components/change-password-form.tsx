// The 'Cambia Password' sub-screen (product-spec.md sections 5 and 8). The OTP code field is
// there only when the user's 2FA is enabled: that is when the server needs it.
import { PASSWORD_MESSAGES } from '@platform/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { FormField } from '../../../components/form-field';
import { PasswordInput } from '../../../components/password-input';
import { refusalMessage } from '../../../lib/refusal-message';
import { notify } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { changePasswordFormSchema, type ChangePasswordForm as ChangePasswordValues } from '../form-schemas';

interface ChangePasswordFormProps {
  otpRequired: boolean;
  onDone: () => void;
}

type Output = z.output<ReturnType<typeof changePasswordFormSchema>>;

export function ChangePasswordForm({ otpRequired, onDone }: ChangePasswordFormProps) {
  const schema = useMemo(() => changePasswordFormSchema(otpRequired), [otpRequired]);
  const { register, handleSubmit, formState } = useForm<ChangePasswordValues, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', otpCode: '' },
  });
  const change = useChangePassword();
  const { errors } = formState;

  const submit = (values: Output) =>
    change.mutate(values, {
      onSuccess: () => {
        notify.success(PASSWORD_MESSAGES.changed);
        onDone();
      },
      // The server's reason when it gave one: wrong password, missing or wrong code.
      onError: (error) => notify.error(refusalMessage(error, PASSWORD_MESSAGES.changeError)),
    });

  return (
    <form className="settings-form" onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <FormField label="Password attuale" error={errors.currentPassword?.message}>
        {({ id, describedBy, invalid }) => (
          <PasswordInput
            {...register('currentPassword')}
            id={id}
            className="input"
            autoComplete="current-password"
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </FormField>
      <FormField label="Nuova password" error={errors.newPassword?.message}>
        {({ id, describedBy, invalid }) => (
          <PasswordInput
            {...register('newPassword')}
            id={id}
            className="input"
            autoComplete="new-password"
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </FormField>
      <FormField label="Conferma nuova password" error={errors.confirmPassword?.message}>
        {({ id, describedBy, invalid }) => (
          <PasswordInput
            {...register('confirmPassword')}
            id={id}
            className="input"
            autoComplete="new-password"
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </FormField>
      {otpRequired && (
        <FormField label="Codice OTP" error={errors.otpCode?.message}>
          {({ id, describedBy, invalid }) => (
            <input
              {...register('otpCode')}
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
      )}
      <button type="submit" className="button button--primary" disabled={change.isPending}>
        {change.isPending ? 'Salvataggio…' : 'Cambia Password'}
      </button>
    </form>
  );
}
