// The account form (product-spec.md sections 2, 4 and 5): 'Aggiungi Account' or 'Edit Account'.
// Admins choose the owner; when editing, the credentials stay hidden until unlocked, and saving
// asks for confirmation first.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_MESSAGES,
  BROKER_NAME,
  type Account,
  type AccountFormInput,
  type ManagedUser,
} from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { FormPanel } from '../../../components/form-panel';
import { PasswordField } from '../../../components/password-field';
import { TextField } from '../../../components/text-field';
import { collections } from '../../../lib/collections/collections';
import { refusalMessage } from '../../../lib/refusal-message';
import { useSession } from '../../../lib/session/session-context';
import { notify } from '../../../lib/toast';
import { accountFormValuesSchema, toAccountFormValues, type AccountFormValues } from '../account-form-values';
import { useAddAccount } from '../api/add-account';
import { useUpdateAccount } from '../api/update-account';
import { CredentialsUnlock, type Credentials } from './credentials-unlock';

interface AccountFormPanelProps {
  account: Account | undefined;
  onClose: () => void;
}

/** An admin's owner select shows the saved owner only if its options exist when it mounts. */
export function AccountFormPanel({ account, onClose }: AccountFormPanelProps) {
  const { user } = useSession();
  const choosesOwner = user?.role === 'admin';
  const users = useQuery({ ...collections.users, enabled: choosesOwner });
  if (choosesOwner && users.isPending)
    return <div className="spinner accounts-loading" role="status" aria-label="Caricamento" />;
  return (
    <AccountForm account={account} owners={choosesOwner ? (users.data ?? []) : undefined} onClose={onClose} />
  );
}

interface AccountFormProps extends AccountFormPanelProps {
  /** The users an admin may choose from; undefined for everyone else, who own what they add. */
  owners: readonly ManagedUser[] | undefined;
}

function AccountForm({ account, owners, onClose }: AccountFormProps) {
  const choosesOwner = owners !== undefined;
  const add = useAddAccount();
  const update = useUpdateAccount();
  const [unlocked, setUnlocked] = useState(false);
  const [pendingEdit, setPendingEdit] = useState<AccountFormInput | null>(null);
  const creating = account === undefined;
  const credentialsShown = creating || unlocked;

  const { register, handleSubmit, setValue, formState } = useForm<
    AccountFormValues,
    unknown,
    AccountFormInput
  >({
    resolver: zodResolver(accountFormValuesSchema({ creating, choosesOwner, credentialsShown })),
    defaultValues: toAccountFormValues(account),
  });
  const { errors } = formState;

  const saved = (message: string) => () => {
    notify.success(message);
    onClose();
  };
  const failed = (error: Error) => notify.error(refusalMessage(error, ACCOUNT_MESSAGES.saveError));
  const submit = (body: AccountFormInput) => {
    if (creating) add.mutate(body, { onSuccess: saved(ACCOUNT_MESSAGES.added), onError: failed });
    else setPendingEdit(body);
  };
  const confirmEdit = () => {
    if (!account || !pendingEdit) return;
    setPendingEdit(null);
    update.mutate(
      { id: account._id, body: pendingEdit },
      { onSuccess: saved(ACCOUNT_MESSAGES.updated), onError: failed },
    );
  };
  const fillCredentials = (credentials: Credentials) => {
    for (const field of ['username', 'password', 'apikey'] as const) setValue(field, credentials[field]);
    setUnlocked(true);
  };

  const submitLabel = creating ? 'Aggiungi Account' : 'Aggiorna Account';
  return (
    <>
      <FormPanel
        title={creating ? 'Aggiungi Account' : 'Edit Account'}
        submitLabel={submitLabel}
        onBack={onClose}
        onSubmit={(event) => void handleSubmit(submit)(event)}
        busy={add.isPending || update.isPending}
      >
        <TextField
          label="ID Account"
          error={errors.accountId?.message}
          registration={register('accountId')}
          autoComplete="off"
        />
        <FormField label="Broker Name">
          {({ id }) => <input id={id} className="input" value={BROKER_NAME} disabled readOnly />}
        </FormField>
        {credentialsShown ? (
          <>
            <TextField
              label="Username"
              error={errors.username?.message}
              registration={register('username')}
              autoComplete="off"
            />
            <PasswordField
              label="Password"
              error={errors.password?.message}
              registration={register('password')}
              autoComplete="new-password"
            />
            <PasswordField
              label="API Key"
              error={errors.apikey?.message}
              registration={register('apikey')}
              autoComplete="off"
            />
          </>
        ) : (
          account && <CredentialsUnlock account={account} onUnlocked={fillCredentials} />
        )}
        {owners && (
          <FormField label="Owner" error={errors.owner?.message}>
            {({ id, describedBy, invalid }) => (
              <select
                {...register('owner')}
                id={id}
                className="input"
                aria-describedby={describedBy}
                aria-invalid={invalid}
              >
                <option value="">Seleziona il proprietario</option>
                {owners.map((owner) => (
                  <option key={owner._id} value={owner._id}>
                    {owner.firstname} {owner.lastname} ({owner.username})
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        <div className="form-panel__wide accounts-form__demo">
          <label className="checkbox">
            <input type="checkbox" {...register('isDemo')} />
            Demo Account
          </label>
        </div>
      </FormPanel>
      <ConfirmDialog
        open={pendingEdit !== null}
        message={ACCOUNT_MESSAGES.confirmEdit}
        onConfirm={confirmEdit}
        onCancel={() => setPendingEdit(null)}
      />
    </>
  );
}
