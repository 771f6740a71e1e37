import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The screens every sign-in passes through (spec §2 auth/login/user → authorize, and the
 * console's selfcallback), alone (src/main.ts).
 */
const SIGN_IN_PATH_MODULES = [
  '/src/features/auth/plain/login-page.ts',
  '/src/features/auth/plain/self-callback-page.ts',
];

/**
 * What the console's own sign-in lands on: its start, the shell and the home
 * screen (the users list). The login page prefetches them while the person
 * types; selfcallback asks for them beside the code exchange
 * (src/features/auth/after-sign-in.ts).
 */
const AFTER_SIGN_IN_MODULES = ['/src/app/start.tsx', '/src/app/layout.tsx', '/src/features/users/user-list-screen.tsx'];

/** The meta element that lists AFTER_SIGN_IN_MODULES' files, relative to the base (read by prefetch-console.ts). */
const AFTER_SIGN_IN_META = 'userprofile-after-sign-in';

type Bundle = NonNullable<
  Parameters<Extract<Plugin['transformIndexHtml'], { handler: unknown }>['handler']>[1]['bundle']
>;

/** The files `modules` need (their chunks, the chunks these import and, `withCss`, their CSS), less `loaded`. */
function filesOf(bundle: Bundle, modules: string[], loaded: Set<string | undefined>, withCss = false): string[] {
  const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
  const wanted = new Set<string>();
  const add = (fileName: string) => {
    if (wanted.has(fileName) || loaded.has(fileName)) return;
    wanted.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk') return;
    if (withCss) for (const css of chunk.viteMetadata?.importedCss ?? []) wanted.add(css);
    for (const dep of chunk.imports) add(dep);
  };
  for (const module of modules) {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
    if (!chunk) throw new Error(`preload-sign-in-path: no chunk for ${module}`);
    add(chunk.fileName);
  }
  return [...wanted];
}

/**
 * Sign-in is the one path every person of every suite application takes, so
 * its lazy chunks are not left to be discovered one route after another:
 * index.html asks for them (modulepreload) together with the entry. It also
 * names, without asking for them, the files the console's own sign-in lands on.
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
        const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
        const withEntry = new Set([
          entry?.fileName,
          ...(entry?.type === 'chunk' ? [...entry.imports, ...(entry.viteMetadata?.importedCss ?? [])] : []),
        ]);
        const signIn = filesOf(bundle, SIGN_IN_PATH_MODULES, withEntry);
        const afterSignIn = filesOf(bundle, AFTER_SIGN_IN_MODULES, new Set([...withEntry, ...signIn]), true);
        return [
          ...signIn.map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: base + fileName },
            injectTo: 'head' as const,
          })),
          {
            tag: 'meta',
            attrs: { name: AFTER_SIGN_IN_META, content: afterSignIn.join(' ') },
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}

// The console is served under /userprofile (spec §1); config.json beside
// index.html is read at start-up, so one build deploys to any environment.
export default defineConfig({
  base: '/userprofile/',
  plugins: [react(), preloadSignInPath()],
  // A placeholder the server replaces with a fresh nonce per page (docs/oauth2-and-sign-in.md "Security headers").
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
