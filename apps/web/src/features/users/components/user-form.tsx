// The user form (product-spec.md sections 2 and 5): New User or Edit User. An admin's role is
// not offered for change, the server keeps it whatever is sent.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  USER_MESSAGES,
  userFormSchema,
  type ManagedUser,
  type UserForm,
  type UserFormInput,
} from '@platform/contracts';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { FormPanel } from '../../../components/form-panel';
import { TextField } from '../../../components/text-field';
import { refusalMessage } from '../../../lib/refusal-message';
import { notify } from '../../../lib/toast';
import { useAddUser } from '../api/add-user';
import { useUpdateUser } from '../api/update-user';
import { stampEula } from '../eula-stamp';
import { RoleLabel } from './role-label';

const EMPTY: UserForm = {
  firstname: '',
  lastname: '',
  username: '',
  role: 'user',
  eula: { contract: { accepted: false, signedAt: null }, autotrading: { accepted: false, signedAt: null } },
  isPro: false,
};

const valuesOf = (user: ManagedUser): UserForm => ({
  firstname: user.firstname,
  lastname: user.lastname,
  username: user.username,
  role: user.role === 'sales' ? 'sales' : 'user',
  eula: user.eula,
  isPro: user.isPro,
});

export function UserFormPanel({ user, onClose }: { user: ManagedUser | undefined; onClose: () => void }) {
  const add = useAddUser();
  const update = useUpdateUser();
  const { register, handleSubmit, formState } = useForm<UserForm, unknown, UserFormInput>({
    resolver: zodResolver(userFormSchema),
    defaultValues: user ? valuesOf(user) : EMPTY,
  });
  const { errors } = formState;

  const submit = (values: UserFormInput) => {
    const body = stampEula(values, user?.eula.contract, new Date());
    const done = (message: string) => () => {
      notify.success(message);
      onClose();
    };
    if (user) {
      update.mutate(
        { id: user._id, body },
        {
          onSuccess: done(USER_MESSAGES.updated),
          onError: (error) => notify.error(refusalMessage(error, USER_MESSAGES.updateError)),
        },
      );
    } else {
      add.mutate(body, {
        onSuccess: done(USER_MESSAGES.added),
        onError: (error) => notify.error(refusalMessage(error, USER_MESSAGES.addError)),
      });
    }
  };

  const label = user ? 'Edit User' : 'New User';
  return (
    <FormPanel
      title={label}
      submitLabel="Salva"
      onBack={onClose}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      busy={add.isPending || update.isPending}
    >
      <TextField
        label="Firstname"
        error={errors.firstname?.message}
        registration={register('firstname')}
        autoComplete="off"
      />
      <TextField
        label="Lastname"
        error={errors.lastname?.message}
        registration={register('lastname')}
        autoComplete="off"
      />
      <TextField
        label="Username"
        error={errors.username?.message}
        hint={user ? undefined : "L'invito per impostare la password arriva a questo indirizzo."}
        registration={register('username')}
        type="email"
        inputMode="email"
        autoComplete="off"
      />
      {user?.role === 'admin' ? (
        <div className="form-field">
          <span className="form-field__label">Role</span>
          <RoleLabel role="admin" />
        </div>
      ) : (
        <FormField label="Role" error={errors.role?.message}>
          {({ id, describedBy }) => (
            <select {...register('role')} id={id} className="input" aria-describedby={describedBy}>
              <option value="user">User</option>
              <option value="sales">Salesman</option>
            </select>
          )}
        </FormField>
      )}
      <div className="form-panel__wide users-form__checks">
        <label className="checkbox">
          <input type="checkbox" {...register('eula.contract.accepted')} />
          Accepted EULA
        </label>
        <label className="checkbox">
          <input type="checkbox" {...register('isPro')} />
          Pro User
        </label>
      </div>
    </FormPanel>
  );
}
