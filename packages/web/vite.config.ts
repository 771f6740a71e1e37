import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The screens every sign-in passes through (spec §2 auth/login/user → authorize), alone (src/main.ts). */
const SIGN_IN_PATH_MODULES = ['/src/features/auth/plain/login-page.ts'];

/**
 * Sign-in is the one path every person of every suite application takes, so
 * its lazy chunks are not left to be discovered one route after another:
 * index.html asks for them (modulepreload) together with the entry.
 */
function preloadSignInPath(): Plugin {
  let base = '/';
  return {
    name: 'preload-sign-in-path',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const entry = chunks.find((c) => c.isEntry);
        const loadedWithEntry = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const wanted = new Set<string>();
        const add = (fileName: string) => {
          if (wanted.has(fileName) || loadedWithEntry.has(fileName)) return;
          wanted.add(fileName);
          for (const dep of bundle[fileName]?.type === 'chunk' ? bundle[fileName].imports : []) add(dep);
        };
        for (const module of SIGN_IN_PATH_MODULES) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`preload-sign-in-path: no chunk for ${module}`);
          add(chunk.fileName);
        }
        return [...wanted].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: base + fileName },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

// The console is served under /userprofile (spec §1); config.json beside
// index.html is read at start-up, so one build deploys to any environment.
export default defineConfig({
  base: '/userprofile/',
  plugins: [react(), preloadSignInPath()],
  // A placeholder the server replaces with a fresh nonce per page (docs/decisions.md "Security headers").
  html: { cspNonce: 'CSP_NONCE_PLACEHOLDER' },
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
