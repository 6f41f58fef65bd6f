// In development the API runs apart (npm run dev at the root, port 8080); in production the
// server serves dist/ itself, so the app always calls /api on its own origin.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  // No source maps in the build: the server publishes dist/ as it is, and maps would hand out the
  // whole source with its comments. The dev server still has them.
  build: { sourcemap: false },
});
