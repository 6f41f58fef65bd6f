import { RouterProvider } from 'react-router';
import { router } from './router';
import './base.css';

export function App() {
  return <RouterProvider router={router} />;
}
