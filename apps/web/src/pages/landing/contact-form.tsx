// The landing contact form (product-spec.md sections 5 and 8): name, email and message, checked
// once a field is left and again on submit, sent as a registration request. Departure from the
// spec, which sends an empty captcha token from here: the request carries a real ALTCHA payload,
// since the server refuses requests without one. A payload works once, so the widget starts over
// after every attempt, and Send waits until it is solved. It comes in a chunk of its own
// (contact-section.tsx), with zod, the contracts and the API client it needs.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CaptchaWidget } from '../../components/captcha-widget';
import { FormField } from '../../components/form-field';
import { TextField } from '../../components/text-field';
import { notify } from '../../lib/toast';
import {
  contactFormSchema,
  EMPTY_CONTACT_FORM,
  toRegisterRequest,
  type ContactFormInput,
  type ContactFormValues,
} from './contact-form-schema';
import { CONTACT_OUTCOME } from './contact-outcome';
import { failureMessage, sendContactRequest } from './send-contact-request';

export function ContactForm() {
  const [sending, setSending] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const { register, handleSubmit, reset, formState } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY_CONTACT_FORM,
  });
  const { errors } = formState;

  const submit = async (values: ContactFormValues) => {
    if (!token) return;
    setSending(true);
    try {
      await sendContactRequest(toRegisterRequest(values, token));
      notify.success(CONTACT_OUTCOME.sent);
      reset();
    } catch (error) {
      notify.error(failureMessage(error));
    } finally {
      setSending(false);
      setToken(null);
      setCaptchaRound((round) => round + 1);
    }
  };

  return (
    <form
      className="contact-form"
      aria-label="Contact form"
      noValidate
      onSubmit={(event) => void handleSubmit(submit, () => notify.error(CONTACT_OUTCOME.invalid))(event)}
    >
      <div className="contact-form__row">
        <TextField
          label="Name"
          error={errors.name?.message}
          registration={register('name')}
          autoComplete="name"
        />
        <TextField
          label="Email"
          error={errors.email?.message}
          registration={register('email')}
          type="email"
          autoComplete="email"
        />
      </div>
      <FormField label="Message" error={errors.message?.message}>
        {({ id, describedBy, invalid }) => (
          <textarea
            {...register('message')}
            id={id}
            className="input contact-form__message"
            rows={5}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </FormField>
      <div className="contact-form__footer">
        <CaptchaWidget key={captchaRound} onVerified={setToken} onReset={() => setToken(null)} />
        <button
          type="submit"
          className="button button--primary contact-form__submit"
          disabled={!token || sending}
        >
          {sending && <span className="button-spinner" aria-hidden="true" />}
          Send Message
        </button>
      </div>
    </form>
  );
}
