/**
 * What `make` returns, made on the first call and kept. For what a module would otherwise make as
 * it loads, at a cost the page's start pays whether or not it is used (an Intl formatter).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
