// Users managed by admins (product-spec.md sections 2, 3, 5 and the Admin calls of section 7).
import * as z from 'zod';
import { requestStatusSchema } from '../enums';
import { emailSchema, sessionUserSchema } from './auth';

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
