// Editing an account keeps its credentials hidden until the user re-enters their own password
// (product-spec.md sections 4 and 6): the answer is the session's reveal key, which decrypts
// the account's ciphertexts here in the browser.
import { ACCOUNT_MESSAGES, PASSWORD_MESSAGES, type Account } from '@platform/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PasswordInput } from '../../../components/password-input';
import { ApiError } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';
import { refusalMessage } from '../../../lib/refusal-message';
import { useVerifyPassword } from '../../../lib/session/verify-password';
import { notify } from '../../../lib/toast';
import { CiphertextFormatError, decryptCredential, importRevealKey } from '../decrypt-credential';

export interface Credentials {
  username: string;
  password: string;
  apikey: string;
}

/**
 * The server sends credentials only for minutes after a verify-password, under that verify's key:
 * the list is read again for ciphertexts that this key opens.
 */
async function reveal(queryClient: QueryClient, accountId: string, revealKey: string): Promise<Credentials> {
  const accounts = await queryClient.fetchQuery({ ...collections.accounts, staleTime: 0 });
  const account = accounts.find((candidate) => candidate._id === accountId);
  if (!account) throw new Error(ACCOUNT_MESSAGES.notFound);
  const key = await importRevealKey(revealKey);
  const [username, password, apikey] = await Promise.all([
    decryptCredential(account.username, key),
    decryptCredential(account.password, key),
    account.apikey === null ? '' : decryptCredential(account.apikey, key),
  ]);
  return { username, password, apikey };
}

/** The server says 'Password errata.' with a 400; the spec's toast for it is its own. */
const verifyFailure = (error: Error) =>
  error instanceof ApiError && error.status === 400
    ? ACCOUNT_MESSAGES.wrongVerification
    : refusalMessage(error, ACCOUNT_MESSAGES.verifyError);

export function CredentialsUnlock({
  account,
  onUnlocked,
}: {
  account: Account;
  onUnlocked: (credentials: Credentials) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const [password, setPassword] = useState('');
  const verification = useVerifyPassword();
  const queryClient = useQueryClient();
  const [decrypting, setDecrypting] = useState(false);

  const verify = () => {
    if (!password) {
      notify.error(PASSWORD_MESSAGES.currentRequired);
      return;
    }
    verification.mutate(
      { password },
      {
        onSuccess: ({ revealKey }) => {
          setDecrypting(true);
          reveal(queryClient, account._id, revealKey)
            .then((credentials) => {
              notify.success(ACCOUNT_MESSAGES.verified);
              onUnlocked(credentials);
            })
            .catch((error: unknown) =>
              notify.error(
                error instanceof CiphertextFormatError ? error.message : ACCOUNT_MESSAGES.verifyError,
              ),
            )
            .finally(() => setDecrypting(false));
        },
        onError: (error) => notify.error(verifyFailure(error)),
      },
    );
  };

  const busy = verification.isPending || decrypting;
  return (
    <fieldset className="form-panel__wide accounts-unlock">
      <legend>Username, Password e API Key</legend>
      <p id={hintId} className="accounts-unlock__hint">
        Per vedere o modificare le credenziali inserisci la tua password e premi Verify.
      </p>
      <div className="accounts-unlock__row">
        <label htmlFor={inputId} className="form-field__label">
          Password di verifica
        </label>
        <PasswordInput
          id={inputId}
          className="input"
          value={password}
          autoComplete="current-password"
          aria-describedby={hintId}
          onChange={(event) => setPassword(event.target.value)}
          onKeyDown={(event) => {
            // Enter verifies; it must not submit the account form around it.
            if (event.key === 'Enter') {
              event.preventDefault();
              verify();
            }
          }}
        />
        <button
          type="button"
          className="button button--primary"
          onClick={verify}
          disabled={busy}
          aria-busy={busy}
        >
          Verify
        </button>
      </div>
    </fieldset>
  );
}
