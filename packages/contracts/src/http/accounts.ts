// Broker accounts. Credentials travel as 'ivhex:cthex' (AES-256-CBC) under the session's reveal
// key that only POST /api/auth/verify-password answers (DESIGN.md section 4).
import * as z from 'zod';
import { endpoint } from './endpoint';

export const BROKER_NAME = 'Capital.com';

export const ACCOUNT_MESSAGES = {
  verified: 'Verifica avvenuta con successo!',
  wrongVerification: 'Password di verifica errata',
  verifyError: 'Errore durante la verifica della password',
  updated: 'Account aggiornato con successo!',
  added: 'Account aggiunto con successo!',
  saveError: "Errore durante l'operazione sull'account",
  deleted: 'Account deleted successfully',
  deleteError: 'Error deleting account',
  confirmEdit: "Sei sicuro di voler modificare l'account?",
  confirmDelete: "Sei sicuro di voler eliminare l'account?",
  badCiphertext: 'Formato del ciphertext non valido.',
  accountIdRequired: "L'ID Account è obbligatorio.",
  usernameRequired: "L'username è obbligatorio.",
  passwordRequired: 'La password è obbligatoria.',
  ownerRequired: "Seleziona il proprietario dell'account.",
  ownerNotFound: 'Il proprietario selezionato non esiste.',
  notFound: 'Account non trovato.',
  inUse: "L'account è collegato a investimenti attivi: elimina prima gli investimenti.",
  duplicate: 'Questo account è già registrato.',
} as const;

/** ivhex:cthex, 16-byte IV and whole AES blocks. */
export const CIPHERTEXT_PATTERN = /^[0-9a-f]{32}:(?:[0-9a-f]{32})+$/;

export const accountOwnerSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  isPro: z.boolean(),
});

export const accountSchema = z.object({
  _id: z.string(),
  accountId: z.string(),
  isDemo: z.boolean(),
  brokerName: z.string(),
  /** Ciphertexts under the session's reveal key; apikey is null when none was stored. */
  username: z.string(),
  password: z.string(),
  apikey: z.string().nullable(),
  owner: accountOwnerSchema,
});
export type Account = z.infer<typeof accountSchema>;

const optionalSecret = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.string().max(500).optional(),
);

export const accountFormSchema = z.object({
  accountId: z.string().trim().min(1, ACCOUNT_MESSAGES.accountIdRequired).max(100),
  isDemo: z.boolean(),
  /** Always Capital.com; whatever is sent is ignored. */
  brokerName: z.string().optional(),
  /** Required when adding; when editing, sent only if the secrets were unlocked (else kept). */
  username: z.preprocess(
    (value) => (value === null ? undefined : value),
    z.string().trim().min(1, ACCOUNT_MESSAGES.usernameRequired).max(200).optional(),
  ),
  password: optionalSecret,
  apikey: optionalSecret,
  /** The owner's user id: admins choose it, everyone else always owns their accounts. */
  owner: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.string().uuid(ACCOUNT_MESSAGES.ownerNotFound).optional(),
  ),
});
export type AccountForm = z.input<typeof accountFormSchema>;
export type AccountFormInput = z.output<typeof accountFormSchema>;

const accountParams = z.object({ id: z.uuid(ACCOUNT_MESSAGES.notFound) });

export const ACCOUNTS_API = {
  list: endpoint({
    method: 'GET',
    path: '/api/common/accounts',
    access: 'signed-in',
    summary: "The caller's broker accounts (every account for an admin), credentials under the reveal key.",
    response: z.array(accountSchema),
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/common/accounts/add',
    access: 'signed-in',
    summary: 'Adds a Capital.com account; an admin chooses its owner.',
    body: accountFormSchema,
    response: accountSchema,
  }),
  edit: endpoint({
    method: 'PATCH',
    path: '/api/common/accounts/edit/:id',
    access: 'signed-in',
    summary: 'Changes an account; credentials left out are kept.',
    params: accountParams,
    body: accountFormSchema,
    response: accountSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/common/accounts/delete/:id',
    access: 'signed-in',
    summary: 'Deletes an account no live investment uses.',
    params: accountParams,
    response: z.null(),
  }),
};
