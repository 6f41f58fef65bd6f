// The contact mode (product-spec.md sections 2 and 8): name, email, message and the captcha,
// sent as a registration request. A payload works once, so each attempt gets a fresh captcha.
import { CONTACT_MESSAGES, registerRequestSchema, type RegisterRequest } from '@platform/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CaptchaWidget } from '../../../components/captcha-widget';
import { FormField } from '../../../components/form-field';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useRegister } from '../api/register';

const EMPTY: RegisterRequest = { firstname: '', username: '', message: '', token: '' };

export function ContactRequestForm() {
  const request = useRegister();
  const [captchaKey, setCaptchaKey] = useState(0);
  const { register, handleSubmit, formState, setValue, reset } = useForm<RegisterRequest>({
    resolver: zodResolver(registerRequestSchema),
    defaultValues: EMPTY,
  });
  const { errors } = formState;
  const setToken = (token: string) => setValue('token', token, { shouldValidate: formState.isSubmitted });

  const submit = (values: RegisterRequest) =>
    request.mutate(values, {
      onSuccess: () => {
        notify.success(CONTACT_MESSAGES.sent);
        reset(EMPTY);
      },
      // A refusal the server explained (a field, the captcha) versus no usable answer at all.
      onError: (error) => {
        console.error(error);
        notify.error(
          error instanceof ApiError && error.isRefusal
            ? CONTACT_MESSAGES.sendError
            : CONTACT_MESSAGES.registrationError,
        );
      },
      onSettled: () => {
        setValue('token', '');
        setCaptchaKey((key) => key + 1);
      },
    });

  return (
    <form className="access-form" onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <h1 className="access-form__title">Contact Us</h1>
      <p className="access-form__lead">
        Tell us about yourself and your goals: our team answers within 24 hours.
      </p>
      <TextField
        label="Name"
        error={errors.firstname?.message}
        registration={register('firstname')}
        autoComplete="name"
      />
      <TextField
        label="Email"
        error={errors.username?.message}
        registration={register('username')}
        type="email"
        autoComplete="email"
        inputMode="email"
      />
      <FormField label="Message" error={errors.message?.message}>
        {({ id, describedBy, invalid }) => (
          <textarea
            {...register('message')}
            id={id}
            className="input access-form__message"
            rows={4}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </FormField>
      <div className="access-form__captcha">
        <CaptchaWidget key={captchaKey} onVerified={setToken} onReset={() => setToken('')} />
        {errors.token?.message && (
          <p className="form-field__error" role="alert">
            {errors.token.message}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary button--block" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send request'}
      </button>
    </form>
  );
}
