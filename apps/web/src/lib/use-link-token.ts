// The token of a mailed link (/reset-password?token=..., /login?token=...) is a password in all but
// name: it is read once, then taken out of the address bar, so it stays in no history entry,
// bookmark, screenshot or shared screen. replaceState keeps the router's own history state.
import { useEffect, useState } from 'react';

export function useLinkToken(): string | null {
  // No window when the access screen is drawn at build time (build/prerender.ts): no link there.
  const [token] = useState(() =>
    typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('token'),
  );
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url);
  }, []);
  return token;
}
