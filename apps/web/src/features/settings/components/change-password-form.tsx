// The 'Cambia Password' sub-screen (product-spec.md sections 5 and 8). The OTP code field is
// there only when the user's 2FA is enabled: that is when the server needs it.
import { PASSWORD_MESSAGES } from '@platform/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { OtpCodeField } from '../../../components/otp-code-field';
import { PasswordField } from '../../../components/password-field';
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
      <PasswordField
        label="Password attuale"
        error={errors.currentPassword?.message}
        registration={register('currentPassword')}
        autoComplete="current-password"
      />
      <PasswordField
        label="Nuova password"
        error={errors.newPassword?.message}
        registration={register('newPassword')}
        autoComplete="new-password"
      />
      <PasswordField
        label="Conferma nuova password"
        error={errors.confirmPassword?.message}
        registration={register('confirmPassword')}
        autoComplete="new-password"
      />
      {otpRequired && (
        <OtpCodeField label="Codice OTP" error={errors.otpCode?.message} registration={register('otpCode')} />
      )}
      <button type="submit" className="button button--primary" disabled={change.isPending}>
        {change.isPending ? 'Salvataggio…' : 'Cambia Password'}
      </button>
    </form>
  );
}
