// The reset mode of the access screen, opened by a ?token= link.
import { RESET_MESSAGES } from '@platform/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useResetPassword } from '../api/reset-password';
import { newPasswordFormSchema, type NewPasswordForm } from '../form-schemas';
import { NewPasswordFields } from './new-password-fields';

const schema = newPasswordFormSchema(RESET_MESSAGES.mismatch);
/** product-spec.md section 8, Reset; RESET_MESSAGES has no key for it yet. */
const RESET_REFUSED = 'Error resetting password.';

interface ResetPasswordFormProps {
  token: string;
  /** Leaves the reset mode: after success, or by the back link. */
  onDone: () => void;
}

export function ResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const submit = ({ newPassword }: NewPasswordForm) =>
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          notify.success(RESET_MESSAGES.updated);
          onDone();
        },
        onError: (error) =>
          notify.error(
            error instanceof ApiError && error.isRefusal ? RESET_REFUSED : RESET_MESSAGES.resetError,
          ),
      },
    );

  return (
    <form className="access-form" onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
      <h1 className="access-form__title">Reset Password</h1>
      <p className="access-form__lead">Choose a new password of at least 8 characters.</p>
      <NewPasswordFields
        form={form}
        labels={{ newPassword: 'New password', confirmPassword: 'Confirm password' }}
      />
      <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
        {reset.isPending ? 'Saving…' : 'Update password'}
      </button>
      <p className="access-form__footer">
        <button type="button" className="link-button" onClick={onDone}>
          Back to Login
        </button>
      </p>
    </form>
  );
}
