// In development the API runs apart (npm run dev at the root, port 8080); in production the
// server serves dist/ itself, so the app always calls /api on its own origin.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

export default defineConfig({
  // precompress: every text file of dist/ gets its .br and .gz, which the server sends as they are.
  plugins: [react(), precompress()],
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
});
