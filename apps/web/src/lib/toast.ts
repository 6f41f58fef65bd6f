// Toasts with the durations of product-spec.md section 8: success 2 s, error 4 s.
import { toast } from 'sonner';

export const notify = {
  success: (message: string) => toast.success(message, { duration: 2000 }),
  /** id collapses repeats of the same event (e.g. an effect that runs twice) into one toast. */
  error: (message: string, id?: string) => toast.error(message, { duration: 4000, ...(id ? { id } : {}) }),
};
