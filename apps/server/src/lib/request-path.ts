// What a request's URL is without its query string, where links and calls carry tokens,
// ciphertexts and coordinates.
import { API_PREFIX } from '@platform/contracts';

export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Whether the URL is an API call (/api or under /api/) rather than a page or an asset. */
export function isApiPath(url: string): boolean {
  const path = pathOf(url);
  return path === API_PREFIX.slice(0, -1) || path.startsWith(API_PREFIX);
}
