// What the account form holds and how it becomes the contract's body (product-spec.md section 5):
// accountId and username required, the password only when creating, the owner only for an
// admin; on edit the credentials are sent only once unlocked, so the server keeps them otherwise.
import {
  ACCOUNT_MESSAGES,
  BROKER_NAME,
  accountFormSchema,
  type Account,
  type AccountFormInput,
} from '@platform/contracts';
import * as z from 'zod';

export interface AccountFormValues {
  accountId: string;
  isDemo: boolean;
  username: string;
  password: string;
  apikey: string;
  owner: string;
}

export interface AccountFormMode {
  creating: boolean;
  /** Admins choose the owner; everyone else always owns their accounts. */
  choosesOwner: boolean;
  /** The credential fields are on screen: always when creating, after Verify when editing. */
  credentialsShown: boolean;
}

export const toAccountFormValues = (account: Account | undefined): AccountFormValues => ({
  accountId: account?.accountId ?? '',
  isDemo: account?.isDemo ?? true,
  // Ciphertexts are never put in the fields: they are filled once decrypted.
  username: '',
  password: '',
  apikey: '',
  owner: account?.owner._id ?? '',
});

const required = (message: string) => z.string().trim().min(1, message);

export function accountFormValuesSchema({ creating, choosesOwner, credentialsShown }: AccountFormMode) {
  return z
    .object({
      accountId: accountFormSchema.shape.accountId,
      isDemo: accountFormSchema.shape.isDemo,
      username: credentialsShown ? required(ACCOUNT_MESSAGES.usernameRequired) : z.string(),
      password: creating ? required(ACCOUNT_MESSAGES.passwordRequired) : z.string(),
      apikey: z.string(),
      owner: choosesOwner ? required(ACCOUNT_MESSAGES.ownerRequired) : z.string(),
    })
    .transform((values, context): AccountFormInput => {
      // The contract checks the body the form builds; its messages land on the same field names.
      const body = accountFormSchema.safeParse({
        accountId: values.accountId,
        isDemo: values.isDemo,
        brokerName: BROKER_NAME,
        ...(choosesOwner ? { owner: values.owner } : {}),
        ...(credentialsShown
          ? { username: values.username, password: values.password, apikey: values.apikey }
          : {}),
      });
      if (body.success) return body.data;
      for (const issue of body.error.issues)
        context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    });
}
