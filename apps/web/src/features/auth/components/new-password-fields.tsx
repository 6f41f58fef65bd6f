// The new password typed twice, shared by the English reset mode and the Italian reset page.
import type { UseFormReturn } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field';
import type { NewPasswordForm } from '../form-schemas';

interface NewPasswordFieldsProps {
  form: UseFormReturn<NewPasswordForm>;
  labels: { newPassword: string; confirmPassword: string };
}

export function NewPasswordFields({ form, labels }: NewPasswordFieldsProps) {
  const { register, formState } = form;
  return (
    <>
      <PasswordField
        label={labels.newPassword}
        error={formState.errors.newPassword?.message}
        registration={register('newPassword')}
        autoComplete="new-password"
        autoFocus
      />
      <PasswordField
        label={labels.confirmPassword}
        error={formState.errors.confirmPassword?.message}
        registration={register('confirmPassword')}
        autoComplete="new-password"
      />
    </>
  );
}
