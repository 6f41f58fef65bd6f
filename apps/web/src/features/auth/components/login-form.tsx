import type { LoginRequest } from '@platform/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field';
import { TextField } from '../../../components/text-field';
import { useHydrated } from '../../../lib/hydration';

interface LoginFormProps {
  form: UseFormReturn<LoginRequest, unknown, LoginRequest>;
  onSubmit: (values: LoginRequest) => void;
  busy: boolean;
  onForgotPassword: () => void;
}

export function LoginForm({ form, onSubmit, busy, onForgotPassword }: LoginFormProps) {
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  // The access screen is drawn at build time and shows before its scripts. Until they run the
  // fields wait: what was typed would be lost, and a submit would be the browser's own, a GET with
  // the password in the address.
  const hydrated = useHydrated();
  return (
    <form className="access-form" onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
      <h1 className="access-form__title">Login</h1>
      <fieldset className="access-form__fields" disabled={!hydrated}>
        <TextField
          label="Email"
          error={errors.username?.message}
          registration={register('username')}
          type="email"
          autoComplete="username"
          inputMode="email"
        />
        <PasswordField
          label="Password"
          error={errors.password?.message}
          registration={register('password')}
          autoComplete="current-password"
        />
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
      </fieldset>
    </form>
  );
}
