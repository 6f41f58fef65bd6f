// The Italian password-reset page at /reset-password, where the mailed link lands
// (product-spec.md section 2). An expired or used link shows its own view with a way to ask again.
import { RESET_MESSAGES } from '@platform/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/toast';
import { useLinkToken } from '../../lib/use-link-token';
import type { AccessScreenState } from './access-screen';
import { isExpiredTokenError, useResetPassword } from './api/reset-password';
import { AccessLayout } from './components/access-layout';
import { NewPasswordFields } from './components/new-password-fields';
import { newPasswordFormSchema, type NewPasswordForm } from './form-schemas';
import './auth.css';

const schema = newPasswordFormSchema(RESET_MESSAGES.mismatchIt);

/** A padlock, or a clock for the expired link, above the card's title. */
function Badge({ expired }: { expired: boolean }) {
  return (
    <span
      className={expired ? 'access-form__badge access-form__badge--warning' : 'access-form__badge'}
      aria-hidden="true"
    >
      {expired ? <Clock size={24} /> : <Lock size={24} />}
    </span>
  );
}

export function PasswordResetScreen() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [tokenExpired, setTokenExpired] = useState(false);
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const submit = ({ newPassword }: NewPasswordForm) => {
    if (!token) return;
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          notify.success(RESET_MESSAGES.updatedIt);
          void navigate('/login', { replace: true });
        },
        onError: (error) => {
          if (!isExpiredTokenError(error)) return notify.error(RESET_MESSAGES.resetErrorIt);
          notify.error(RESET_MESSAGES.tokenExpiredIt);
          setTokenExpired(true);
        },
      },
    );
  };
  const requestNewReset = () =>
    void navigate('/login', { state: { mode: 'forgot' } satisfies AccessScreenState });

  return (
    <AccessLayout homeLabel="back to Home">
      {tokenExpired || !token ? (
        <div className="access-form">
          <Badge expired />
          <h1 className="access-form__title">Link non più valido</h1>
          <p className="access-form__lead">
            {token
              ? RESET_MESSAGES.tokenExpiredIt
              : 'Il link di reset è incompleto: manca il token. Richiedi un nuovo reset password.'}
          </p>
          <button type="button" className="button button--primary button--block" onClick={requestNewReset}>
            Richiedi un nuovo reset
          </button>
        </div>
      ) : (
        <form className="access-form" onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
          <Badge expired={false} />
          <h1 className="access-form__title">Reimposta la password</h1>
          <p className="access-form__lead">Scegli una nuova password di almeno 8 caratteri.</p>
          <NewPasswordFields
            form={form}
            labels={{ newPassword: 'Nuova password', confirmPassword: 'Conferma password' }}
          />
          <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
            {reset.isPending ? 'Salvataggio…' : 'Aggiorna password'}
          </button>
        </form>
      )}
    </AccessLayout>
  );
}
