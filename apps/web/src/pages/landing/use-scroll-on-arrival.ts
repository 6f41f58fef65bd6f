// Where a public page opens: at the section of the URL's hash (/#about, from the menu of /tos or
// /privacy: the browser's own jump happens before the app has drawn anything), otherwise at the
// top rather than at the scroll position of the page before.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export function useScrollOnArrival(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    // Instant: the page's smooth scrolling is for the menu, not for opening a page.
    if (target) target.scrollIntoView({ behavior: 'instant' });
    else window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname, hash]);
}
