import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console is served under /userprofile (spec §1); config.json beside
// index.html is read at start-up, so one build deploys to any environment.
export default defineConfig({
  base: '/userprofile/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    // `npm run dev` talks to a contract server on 8080 whose public origin is this
    // dev server, so the seeded redirect targets point here (`npm start` serves both on one port).
    proxy: {
      '/userprofile/api': 'http://127.0.0.1:8080',
      '/userprofile/.well-known': 'http://127.0.0.1:8080',
      '/sso': 'http://127.0.0.1:8080',
      '/demo-app': 'http://127.0.0.1:8080',
      '/userprofile/login': 'http://127.0.0.1:8080',
      '/userprofile/config.json': 'http://127.0.0.1:8080',
      '/header-host': 'http://127.0.0.1:8080',
      '/__mock': 'http://127.0.0.1:8080',
    },
  },
});
