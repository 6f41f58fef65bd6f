// Toasts of product-spec.md section 8: bottom right, at most 20 at once. Durations per kind are
// set where they are raised (lib/toast.ts).
import { Toaster as Sonner } from 'sonner';

export function Toaster() {
  return <Sonner position="bottom-right" visibleToasts={20} richColors closeButton />;
}
