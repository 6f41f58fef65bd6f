// Screens in chunks of their own, loaded on first render under a Suspense boundary. A chunk that
// does not arrive (lib/load-chunk.ts) fails the render: the route's error element, the crash
// screen, shows why and the way back.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from '../lib/load-chunk';

export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await loadChunk(load) }));
}
