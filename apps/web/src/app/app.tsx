import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from '../components/toaster';
import { router } from './router';
import './base.css';

const queryClient = new QueryClient({
  // A list that fails to load is only logged (product-spec.md section 8, Data fetch): the view
  // stops waiting and shows what it has. Mutations report their own failures as toasts.
  queryCache: new QueryCache({ onError: (error) => console.error(error) }),
  defaultOptions: {
    // Failures are shown by the screen that asked; retrying a refused call only delays the message.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
