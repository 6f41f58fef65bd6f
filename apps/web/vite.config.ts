// In development the API runs apart (npm run dev at the root, port 8080); in production the
// server serves dist/ itself, so the app always calls /api on its own origin.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: { sourcemap: true },
});
