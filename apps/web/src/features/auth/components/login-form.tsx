import type { LoginRequest } from '@platform/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { PasswordInput } from '../../../components/password-input';

interface LoginFormProps {
  form: UseFormReturn<LoginRequest, unknown, LoginRequest>;
  onSubmit: (values: LoginRequest) => void;
  busy: boolean;
  onForgotPassword: () => void;
}

export function LoginForm({ form, onSubmit, busy, onForgotPassword }: LoginFormProps) {
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  return (
    <form className="access-form" onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
      <h1 className="access-form__title">Login</h1>
      <FormField label="Email" error={errors.username?.message}>
        {({ id, describedBy, invalid }) => (
          <input
            {...register('username')}
            id={id}
            className="input"
            type="email"
            autoComplete="username"
            inputMode="email"
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {({ id, describedBy, invalid }) => (
          <PasswordInput
            {...register('password')}
            id={id}
            className="input"
            autoComplete="current-password"
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </FormField>
      <div className="access-form__row">
        <label className="checkbox">
          <input type="checkbox" {...register('rememberMe')} />
          Remember me
        </label>
        <button type="button" className="link-button" onClick={onForgotPassword}>
          Forgot password?
        </button>
      </div>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Logging in…' : 'Login'}
      </button>
    </form>
  );
}
