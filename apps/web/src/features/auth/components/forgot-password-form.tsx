// Asks for a reset link. The server answers ok whatever the address, so the toast cannot tell
// whether an account exists; accounts with 2FA also need a current code.
import { passwordResetRequestSchema, RESET_MESSAGES, type PasswordResetRequest } from '@platform/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { notify } from '../../../lib/toast';
import { useRequestPasswordReset } from '../api/request-password-reset';

interface ForgotPasswordFormProps {
  defaultUsername: string;
  onBack: () => void;
}

export function ForgotPasswordForm({ defaultUsername, onBack }: ForgotPasswordFormProps) {
  const request = useRequestPasswordReset();
  const { register, handleSubmit, formState } = useForm<PasswordResetRequest, unknown, PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { username: defaultUsername, otpCode: '' },
  });
  const submit = (values: PasswordResetRequest) =>
    request.mutate(values, {
      onSuccess: () => {
        notify.success(RESET_MESSAGES.linkSent);
        onBack();
      },
      onError: () => notify.error(RESET_MESSAGES.requestError),
    });

  return (
    <form className="access-form" onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <h1 className="access-form__title">Forgot password</h1>
      <p className="access-form__lead">Enter your email address and we will send you a link to reset your password.</p>
      <FormField label="Email" error={formState.errors.username?.message}>
        {({ id, describedBy, invalid }) => (
          <input
            {...register('username')}
            id={id}
            className="input"
            type="email"
            autoComplete="username"
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </FormField>
      <FormField
        label="OTP code (optional)"
        hint="Required only if two-factor authentication is enabled on your account."
        error={formState.errors.otpCode?.message}
      >
        {({ id, describedBy, invalid }) => (
          <input
            {...register('otpCode')}
            id={id}
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </FormField>
      <button type="submit" className="button button--primary button--block" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send reset link'}
      </button>
      <p className="access-form__footer">
        <button type="button" className="link-button" onClick={onBack}>
          Back to Login
        </button>
      </p>
    </form>
  );
}
