// In development the API runs apart (npm run dev at the root, port 8080); in production the
// server serves dist/ itself, so the app always calls /api on its own origin.
// import-x/no-cycle crashes walking vite's dependency graph (it mistakes lightningcss/node for a
// legacy resolver), and a config file has no cycles to find.
/* eslint import-x/no-cycle: "off" */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: { sourcemap: true },
});
