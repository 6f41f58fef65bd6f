import { RouterProvider, type DataRouter } from 'react-router';
import './base.css';

/** The same tree in the browser and in the build's prerender (app/prerender.tsx), so hydration matches. */
export function App({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} />;
}
