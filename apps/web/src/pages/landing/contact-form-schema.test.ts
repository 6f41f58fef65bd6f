import { describe, expect, it } from 'vitest';
import { contactFormSchema, toRegisterRequest } from './contact-form-schema';

/** The message a form shows for each field: the first issue on its path. */
function firstErrors(input: Record<string, string>): Record<string, string> {
  const result = contactFormSchema.safeParse(input);
  const errors: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

describe('landing contact form schema', () => {
  it('asks for every field with the messages of the spec', () => {
    expect(firstErrors({ name: '', email: '', message: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('wants a name of 2 characters after trimming, a valid address and a message of 10 characters', () => {
    expect(firstErrors({ name: ' A ', email: 'not-an-address', message: 'Too short' })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      message: 'Message must be at least 10 characters',
    });
  });

  it('accepts a complete request and sends the e-mail as the username', () => {
    const parsed = contactFormSchema.parse({
      name: ' Jo ',
      email: 'Jo@Example.com',
      message: 'I would like a demo.',
    });
    expect(toRegisterRequest(parsed, 'altcha-payload')).toEqual({
      firstname: 'Jo',
      username: 'jo@example.com',
      message: 'I would like a demo.',
      token: 'altcha-payload',
    });
  });
});
