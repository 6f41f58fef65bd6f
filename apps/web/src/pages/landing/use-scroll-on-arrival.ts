// Where a public page opens: at the section of the URL's hash (/#about, from the menu of /tos or
// /privacy), otherwise at the top rather than at the scroll position of the page before. A page
// the build drew (lib/hydration.ts) is left where the browser put it: it has jumped to the hash
// itself, and the visitor may have scrolled before the scripts arrived.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { takeDrawnArrival } from '../../lib/hydration';

export function useScrollOnArrival(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (takeDrawnArrival()) return;
    const target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    // Instant: the page's smooth scrolling is for the menu, not for opening a page.
    if (target) target.scrollIntoView({ behavior: 'instant' });
    else window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname, hash]);
}
