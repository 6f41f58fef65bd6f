// The new password typed twice, shared by the English reset mode and the Italian reset page.
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { PasswordInput } from '../../../components/password-input';
import type { NewPasswordForm } from '../form-schemas';

interface NewPasswordFieldsProps {
  form: UseFormReturn<NewPasswordForm>;
  labels: { newPassword: string; confirmPassword: string };
}

export function NewPasswordFields({ form, labels }: NewPasswordFieldsProps) {
  const { register, formState } = form;
  return (
    <>
      <FormField label={labels.newPassword} error={formState.errors.newPassword?.message}>
        {({ id, describedBy, invalid }) => (
          <PasswordInput
            {...register('newPassword')}
            id={id}
            className="input"
            autoComplete="new-password"
            autoFocus
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </FormField>
      <FormField label={labels.confirmPassword} error={formState.errors.confirmPassword?.message}>
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
    </>
  );
}
