// In development the API runs apart (npm run dev at the root, port 8080); in production the
// server serves dist/ itself, so the app always calls /api on its own origin.
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { prerender } from './build/prerender';

const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
const SESSION_LAYOUT = /[\\/]src[\\/]app[\\/]session-routes\.tsx$/;
const PUBLIC_PAGES = /[\\/]src[\\/]pages[\\/]/;
const PUBLIC_SCREENS = /[\\/]src[\\/]pages[\\/](landing|legal)-page\.tsx$/;
const SHARED_CODE = /[\\/]apps[\\/]web[\\/]src[\\/](lib|components)[\\/]/;

/**
 * React Router's production build. Its package exports only its development build, whatever the
 * mode (remix-run/react-router#14102, open), which keeps its development warnings and their checks
 * in the bundle every page runs first. The production build is the same code with them off.
 */
const REACT_ROUTER_PRODUCTION = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

/** Whether a chain of static imports leads from a module that `isRoot` accepts to `id`. */
function importedFrom(
  id: string,
  graph: ModuleGraph,
  isRoot: (id: string) => boolean,
  visited = new Set<string>(),
): boolean {
  const info = graph.getModuleInfo(id);
  if (!info || visited.has(id)) return false;
  visited.add(id);
  if (isRoot(id)) return true;
  return info.importers.some((importer) => importedFrom(importer, graph, isRoot, visited));
}

function chunkGroup(id: string, graph: ModuleGraph): string | null {
  const isEntry = (module: string) => graph.getModuleInfo(module)?.isEntry === true;
  const inEntryGraph = importedFrom(id, graph, isEntry);
  // The app's own modules that the entry loads besides its script (src/main.tsx, the entry chunk);
  // their dependencies are left to Rolldown, which drops what the entry does not use.
  if (inEntryGraph) {
    const isEntryScript = (graph.getModuleInfo(id)?.importers ?? []).some(isEntry);
    return APP_SOURCE.test(id) && !isEntryScript ? 'shell' : null;
  }
  // The few helpers of src/lib and src/components that the public pages' screens use (the theme,
  // storage, media queries) are shared with other screens too: in the shell rather than in a
  // request of a few hundred bytes each.
  if (SHARED_CODE.test(id) && importedFrom(id, graph, (module) => PUBLIC_SCREENS.test(module)))
    return 'shell';
  // What the session layout (every route behind a session: access screens, dashboard) loads with
  // it, unless a public page uses it too.
  if (
    importedFrom(id, graph, (module) => SESSION_LAYOUT.test(module)) &&
    !importedFrom(id, graph, (module) => PUBLIC_PAGES.test(module))
  ) {
    return 'session';
  }
  return null;
}

export default defineConfig(({ command }) => ({
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] } : {},
  plugins: [
    react(),
    // A page per route with the modules its route loads (src/app/router.tsx) preloaded; the public
    // pages drawn at build time, so that they paint from their HTML before the scripts arrive.
    prerender({
      pages: {
        '/': { screens: ['src/pages/landing-page.tsx'], draw: true },
        '/tos': { screens: ['src/pages/legal-page.tsx'], draw: true },
        '/privacy': { screens: ['src/pages/legal-page.tsx'], draw: true },
        '/login': {
          screens: ['src/app/session-routes.tsx', 'src/features/auth/access-screen.tsx'],
          draw: true,
        },
        '/reset-password': {
          screens: ['src/app/session-routes.tsx', 'src/features/auth/password-reset-screen.tsx'],
        },
        '/dashboard': { screens: ['src/app/session-routes.tsx', 'src/app/dashboard-page.tsx'] },
      },
    }),
    // Every text file of dist/ gets its .br and .gz, which the server sends as they are; after prerender.
    precompress(),
  ],
  server: {
    // The API and the monitoring socket, as the built app has them on one origin.
    proxy: { '/api': 'http://localhost:8080', '/socket.io': { target: 'http://localhost:8080', ws: true } },
  },
  build: {
    // No source maps in the build: the server publishes dist/ as it is, and maps would hand out the
    // whole source with its comments. The dev server still has them.
    sourcemap: false,
    // dist/.vite/manifest.json maps each entry and lazy import to its chunks: the bench reads it to
    // weigh what the landing downloads (bench/landing-weight.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router: what every page runs first, and what changes least between
            // builds, so a returning visitor's cache keeps it.
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            // Left to itself, Rolldown puts each set of modules that two chunks share in a chunk of
            // its own: a dozen requests of a few hundred bytes before a page can start. Modules that
            // always load together (the entry's, the session layout's) go in one file instead.
            {
              name: (id, context) => chunkGroup(id, context),
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
      treeshake: {
        // The contracts package declares no sideEffects, so by default every module it has is kept
        // whole, and a screen that imports one constant of it gets every zod schema of the API. Its
        // modules only declare, except validation.ts, which sets zod's messages for the whole app.
        moduleSideEffects: [
          { test: /packages\/contracts\/src\/(index|validation)\.ts$/, sideEffects: true },
          { test: /packages\/contracts\/src\//, sideEffects: false },
        ],
      },
    },
  },
}));
