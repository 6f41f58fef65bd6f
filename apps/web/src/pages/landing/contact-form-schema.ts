// The landing contact form (product-spec.md section 5) is a registration request under other
// field names: the fields reuse the contract's schemas, so form and server say the same words.
import { registerRequestSchema, type RegisterRequest } from '@platform/contracts';
import * as z from 'zod';

const { firstname, username, message } = registerRequestSchema.shape;

export const contactFormSchema = z.object({ name: firstname, email: username, message });
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;

export const EMPTY_CONTACT_FORM: ContactFormInput = { name: '', email: '', message: '' };

/** The body of POST /api/auth/register: the e-mail is the future username. */
export const toRegisterRequest = (form: ContactFormValues, token: string): RegisterRequest => ({
  firstname: form.name,
  username: form.email,
  message: form.message,
  token,
});
