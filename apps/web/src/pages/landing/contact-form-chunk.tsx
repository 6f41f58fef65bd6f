// What the contact section loads once the form is near (contact-section.tsx): the form, and the
// toaster of its toasts, the only toasts of the landing.
import { Toaster } from '../../components/toaster';
import { ContactForm } from './contact-form';

export function ContactFormWithToasts() {
  return (
    <>
      <ContactForm />
      <Toaster />
    </>
  );
}
