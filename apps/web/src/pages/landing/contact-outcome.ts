// The landing's toasts of product-spec.md section 8: sent, refused, or no answer at all. Apart from
// the form, since the section shows the network error itself when the form's chunk cannot arrive.
export const CONTACT_OUTCOME = {
  sent: "Message sent successfully! We'll get back to you soon.",
  failed: 'Error sending message. Please try again.',
  offline: 'Network error. Please check your connection and try again.',
  invalid: 'Please fix the errors before submitting.',
} as const;
