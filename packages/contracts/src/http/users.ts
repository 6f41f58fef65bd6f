// Users managed by admins (product-spec.md sections 2, 3, 5 and the Admin calls of section 7).
import * as z from 'zod';
import { requestStatusSchema } from '../enums';
import { emailSchema, sessionUserSchema } from './auth';
import { endpoint } from './endpoint';

const eulaEntrySchema = z.object({ accepted: z.boolean(), signedAt: z.string().nullable() });

/** The session user's fields plus what the users screen manages. */
export const managedUserSchema = sessionUserSchema.extend({
  /** message: what a registration request said. */
  request: z.object({ status: requestStatusSchema, message: z.string().nullable() }),
  eula: z.object({ contract: eulaEntrySchema, autotrading: eulaEntrySchema }),
  /** Set when deletion was requested: login is blocked, positions stay open. */
  deletionRequestedAt: z.string().nullable(),
  /** False until the user sets a password from the invitation. */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const USER_MESSAGES = {
  updated: 'Utente aggiornato con successo!',
  added: 'Utente aggiunto con successo!',
  updateError: "Errore durante l'aggiornamento dell'utente",
  addError: "Errore durante l'aggiunta dell'utente",
  genericError: 'Si è verificato un errore',
  statusUpdated: 'Stato aggiornato con successo!',
  statusError: "Errore durante l'aggiornamento dello stato",
  deleteRequested: 'Richiesta di eliminazione inviata correttamente',
  deleteError: "Errore durante l'eliminazione dell'utente",
  firstnameRequired: 'Il nome è obbligatorio.',
  lastnameRequired: 'Il cognome è obbligatorio.',
  usernameRequired: "L'username (email) è obbligatorio.",
  ownStatus: 'Non puoi modificare lo stato del tuo account.',
  ownDeletion: 'Non puoi eliminare il tuo account.',
  duplicate: 'Esiste già un utente con questa email.',
  notFound: 'Utente non trovato.',
} as const;

const formEulaEntrySchema = z.object({ accepted: z.boolean(), signedAt: z.string().nullable().optional() });

/** The user form: roles User and Salesman ('sales'); the autotrading EULA is always sent not accepted. */
export const userFormSchema = z.object({
  firstname: z.string().trim().min(1, USER_MESSAGES.firstnameRequired).max(100),
  lastname: z.string().trim().min(1, USER_MESSAGES.lastnameRequired).max(100),
  username: z.string().trim().min(1, USER_MESSAGES.usernameRequired).pipe(emailSchema),
  role: z.enum(['user', 'sales']),
  eula: z.object({ contract: formEulaEntrySchema, autotrading: formEulaEntrySchema }),
  isPro: z.boolean(),
});
export type UserForm = z.input<typeof userFormSchema>;
export type UserFormInput = z.output<typeof userFormSchema>;

/** The admin's dropdown offers pending, approved and blocked; 'rejected' exists for old requests. */
export const reviewUserSchema = z.object({ status: requestStatusSchema });
export type ReviewUser = z.infer<typeof reviewUserSchema>;

const userParams = z.object({ id: z.uuid(USER_MESSAGES.notFound) });

export const USERS_API = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    summary: 'Every user, with the registration request, the EULAs and the deletion request.',
    response: z.array(managedUserSchema),
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/admin/users/add',
    access: 'admin',
    summary: 'Creates an approved user and mails the invitation to set a password.',
    body: userFormSchema,
    response: managedUserSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/admin/users/:id',
    access: 'admin',
    summary: "Changes a user's names, email, role, EULAs and pro flag.",
    params: userParams,
    body: userFormSchema,
    response: managedUserSchema,
  }),
  review: endpoint({
    method: 'PATCH',
    path: '/api/admin/users/review/:id',
    access: 'admin',
    summary: "Sets a user's request status; approving one without a password mails the invitation.",
    params: userParams,
    body: reviewUserSchema,
    response: managedUserSchema,
  }),
  requestDeletion: endpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id',
    access: 'admin',
    summary: "Records a user's deletion request: login is blocked, positions stay open.",
    params: userParams,
    response: managedUserSchema,
  }),
  // Served by the auth module (the 2FA's owner); declared here with the users it answers, since
  // auth.ts cannot import this file without an import cycle.
  resetOtp: endpoint({
    method: 'PATCH',
    path: '/api/admin/users/:id/reset-otp',
    access: 'admin',
    summary: "Takes a user's 2FA away (a lost phone): the next login offers, or demands, a new setup.",
    params: userParams,
    response: managedUserSchema,
  }),
};
