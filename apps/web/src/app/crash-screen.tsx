// What is left when the app stops on purpose (unreadable storage, an undecodable token) or on a
// bug: the reason, and a way back that starts from a clean page load.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Brand } from '../components/brand';

export function CrashScreen() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Errore sconosciuto.';
  return (
    <main className="crash-screen">
      <Brand />
      <div className="card crash-screen__card" role="alert">
        <h1>Si è verificato un errore</h1>
        <p>{message}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.assign('/login')}
        >
          Torna al login
        </button>
      </div>
    </main>
  );
}
