// The contract server, composed: external plugins, fault injection, the auth
// plugin, the stand-in sites of other systems, and the routes of
// openapi/userprofile.yaml area by area (through fastify-openapi-glue, so
// every request is validated against the document), one error handler, and
// the built console under /userprofile/.
import { existsSync, readFileSync } from 'node:fs';
import type { ServerOptions } from 'node:http';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { parseYamlDocument } from '@userprofile/contract/document';
import { DOCUMENT_FILE } from '@userprofile/contract/layout';
import { BASE_PATH } from '@userprofile/shared/constants';
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import type { JSONWebKeySet } from 'jose';
import { DEFAULT_ACTIVITY_MAX_EVENTS, DEFAULT_ACTIVITY_RETENTION_DAYS } from './activity/log.ts';
import { recordingHandlers, recordSignIn, recordSignOut } from './activity/recording.ts';
import { activityRoutes } from './activity/routes.ts';
import type { AuthStore } from './auth/contract.ts';
import { createAuth } from './auth/index.ts';
import type { SigningKey } from './auth/keys.ts';
import { relyingParty } from './factors/passkeys.ts';
import { factorRoutes } from './factors/routes.ts';
import { FactorService } from './factors/service.ts';
import { storeWithFixtures } from './fixtures/apply.ts';
import type { Fixtures } from './fixtures/types.ts';
import { BODY_LIMIT_BYTES, IMPORT_LIMIT_BYTES, readTextFile, requireDocumentedBody } from './http/bodies.ts';
import { buildSerializerOnce, compileSchemasOnce } from './http/compile-once.ts';
import { registerConsole } from './http/console.ts';
import { errorHandler } from './http/errors.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { WEB_DIST } from './layout.ts';
import { type Control, FaultTable, mock } from './mock/plugin.ts';
import { registerReadiness } from './mock/ready.ts';
import { registerProxy } from './proxy.ts';
import { accessRoutes } from './routes/access.ts';
import { applicationRoutes } from './routes/applications.ts';
import { clientRoutes } from './routes/clients.ts';
import { configurationRoutes } from './routes/configuration.ts';
import type { RouteContext, Routes, StartupConfig } from './routes/context.ts';
import { historyRoutes, historyViews } from './routes/history.ts';
import { lookupRoutes } from './routes/lookups.ts';
import { passwordRoutes } from './routes/passwords.ts';
import { profileRoutes } from './routes/profiles.ts';
import { signInRoutes } from './routes/sign-ins.ts';
import { userListAnswers, userRoutes } from './routes/users.ts';
import { buildSeededStore, CONSOLE_CLIENT_ID, DEFAULT_SEED_USERS, DEMO_CLIENT_ID } from './seed/seed.ts';
import { registerDemoApp } from './sites/demo-app.ts';
import { HEADER_HOST_PATH, registerHeaderHost } from './sites/header-host.ts';
import { registerSsoPages } from './sites/sso.ts';
import { keptSigningKey } from './storage/signing-key.ts';
import { type Storage, type StorageOptions, startStorage } from './storage/start.ts';
import { highestRole } from './store/access.ts';
import { holdingsOf } from './store/effective-access.ts';
import { DEFAULT_HISTORY_LIMIT, DEFAULT_HISTORY_RETENTION_DAYS } from './store/history.ts';
import { Store } from './store/store.ts';

export const SPEC_PATH = DOCUMENT_FILE;

/** The areas of spec §7 besides authentication, each one routes module. */
const AREAS: ((ctx: RouteContext) => Routes)[] = [
  userRoutes,
  passwordRoutes,
  lookupRoutes,
  profileRoutes,
  applicationRoutes,
  clientRoutes,
  configurationRoutes,
  historyRoutes,
  signInRoutes,
  accessRoutes,
];

/** One handler table from the areas' (and the auth side's); an operationId claimed twice is a wiring error. */
function composeRoutes(tables: Routes[]): Routes {
  const all: Routes = {};
  for (const table of tables) {
    for (const [operationId, handler] of Object.entries(table) as [keyof Routes, Routes[keyof Routes]][]) {
      if (Object.hasOwn(all, operationId)) throw new Error(`Two handlers for operation ${operationId}`);
      all[operationId] = handler;
    }
  }
  return all;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
type Operation = { requestBody?: { content?: Record<string, unknown> }; 'x-extension'?: boolean };
type PathItem = Record<string, unknown>;

const isUpload = (operation: Operation) => operation.requestBody?.content?.['multipart/form-data'] !== undefined;
const isExtension = (operation: Operation) => operation['x-extension'] === true;

/** EXTENSIONS=off (or false, 0, no): the dev backend offers spec calls only, as the real backend does. */
export function extensionsOff(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(off|false|0|no)$/i.test(env.EXTENSIONS ?? '');
}

/** The OpenAPI document (its YAML text) with only the operations `keep` keeps. */
function operationsOf(documentText: string, keep: (operation: Operation) => boolean): object {
  const document = parseYamlDocument(documentText) as unknown as { paths: Record<string, PathItem> };
  for (const [url, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item)) {
      if (HTTP_METHODS.has(method) && !keep(item[method] as Operation)) delete item[method];
    }
    if (!Object.keys(item).some((key) => HTTP_METHODS.has(key))) delete document.paths[url];
  }
  return document;
}

export interface AppOptions {
  /** Scheme, host and port the browser sees; default http://127.0.0.1:${PORT||8080}, PUBLIC_ORIGIN overrides. */
  publicOrigin?: string;
  /** How many users the seed makes (SEED_USERS, default 300). */
  seedUsers?: number;
  /** Grows the cluster inventory to this many clusters (SEED_CLUSTERS; the bench uses 5000). */
  seedClusters?: number;
  /** Password of the three seeded accounts (SEED_PASSWORD, default 'Passw0rd!'). */
  seedPassword?: string;
  /** Clock in ms for reset tokens and the auth side (tests move it). */
  now?: () => number;
  /** Built console to serve under /userprofile/ (default packages/web/dist when it exists; null: none). */
  webDist?: string | null;
  /** USERPROFILE_BACKEND: proxy the API to this real backend and simulate nothing. */
  backend?: string;
  importLimitBytes?: number;
  startupConfig?: Partial<StartupConfig>;
  logger?: boolean;
  /** Tests: one RSA key pair for many app builds. */
  signingKey?: Promise<SigningKey>;
  /** Tests: a lower sign-in limit, etc. */
  authOptions?: Record<string, unknown>;
  /**
   * The mock control API (/__mock/*) and fault injection: `false` switches them
   * off (MOCK_API=off); `token` lets callers not on this machine in (npm start
   * prints it). Default: on, loopback callers only.
   */
  mock?: false | { token?: string | null };
  /** How many record history entries are kept per company (HISTORY_LIMIT, default 10,000). */
  historyLimit?: number;
  /** How many days a record history entry is kept (HISTORY_RETENTION_DAYS, default 90). */
  historyRetentionDays?: number;
  /** The most events the activity log keeps (ACTIVITY_MAX_EVENTS, default 2,000,000). */
  activityMaxEvents?: number;
  /** How many days an activity event is kept (ACTIVITY_RETENTION_DAYS, default 90). */
  activityRetentionDays?: number;
  /** The whole request (headers and body) must arrive within this long (default REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
  /** Where the state is kept (DATA_DIR, --fresh, SEED_FROM); default a private database in memory. */
  storage?: StorageOptions;
  /**
   * `false` (EXTENSIONS=off): play a backend that offers spec §7 only; every
   * operation marked `x-extension` in the document answers 404, as a path the
   * backend does not have. Default: offered.
   */
  extensions?: boolean;
  /**
   * A server made (and listening) before the app: the dev backend's start binds its port first, so
   * a port in use is refused before anything is written and a free port is known before the origin
   * is. Make it with httpServerOptions(); Fastify then neither listens nor closes it.
   */
  serverFactory?: FastifyServerFactory;
  /**
   * A fixtures file (fixtures/read.ts readFixturesFile): its records on the seed, or on the bare
   * minimum with `seed: none`, at every seeding (an empty DATA_DIR, --fresh, POST /__mock/reset).
   */
  fixtures?: Fixtures;
}

/**
 * A request whose headers and body have not all arrived after this long is
 * answered 408 and its socket closed, so a trickled body cannot hold a socket
 * for ever (slowloris). Generous for honest uploads: the largest import file
 * (10 MiB, about 44,000 rows of the seed's export) needs only 1.4 Mbit/s.
 */
export const REQUEST_TIMEOUT_MS = 60_000;
/** The headers alone must arrive within this long. */
const HEADERS_TIMEOUT_MS = 15_000;

/** The HTTP server's time limits, for Fastify's own server and for one made beforehand (`serverFactory`). */
export function httpServerOptions(requestTimeoutMs = REQUEST_TIMEOUT_MS): ServerOptions {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
    // How often Node looks for requests past their time (its default, 30 s, would let one live 90 s).
    connectionsCheckingInterval: Math.min(5_000, Math.ceil(requestTimeoutMs / 4)),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The current domain store (POST /__mock/reset replaces it); null in proxy mode. */
    store: Store | null;
    /** Where the store is kept (storage/); absent in proxy mode. */
    storage?: Storage;
    /** Controls it from its own process, as the mock control API does over HTTP; null in proxy mode. */
    control: Control | null;
  }
}

export function defaultPublicOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return env.PUBLIC_ORIGIN?.replace(/\/+$/, '') || `http://127.0.0.1:${env.PORT || 8080}`;
}

/** MOCK_API=off (or false, 0, no) switches the mock control API and fault injection off. */
export function mockApiOff(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(off|false|0|no)$/i.test(env.MOCK_API ?? '');
}

function defaultStartupConfig(env: NodeJS.ProcessEnv = process.env): StartupConfig {
  return {
    apiBaseUrl: BASE_PATH,
    headerHost: HEADER_HOST_PATH,
    ssoEnabled: env.SSO_ENABLED === 'true',
    ssoAutoRedirect: env.SSO_AUTO_REDIRECT === 'true',
    supportEmail: env.SUPPORT_EMAIL || 'support@example.com',
  };
}

const SERIALIZERS = buildSerializerOnce();

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const env = process.env;
  const publicOrigin = (options.publicOrigin ?? defaultPublicOrigin(env)).replace(/\/+$/, '');
  const backend = options.backend ?? env.USERPROFILE_BACKEND;
  const webDist =
    options.webDist === undefined ? (existsSync(path.join(WEB_DIST, 'index.html')) ? WEB_DIST : null) : options.webDist;
  const startupConfig = { ...defaultStartupConfig(env), ...options.startupConfig };

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    ...(options.serverFactory
      ? { serverFactory: options.serverFactory }
      : {
          http: httpServerOptions(options.requestTimeoutMs),
          requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
        }),
    // Long enough for any documented path parameter (reset tokens: 2048), so the schema judges it.
    // Spec §7 writes `getPropelTokenFromCode/` with a trailing slash; the document without.
    routerOptions: { maxParamLength: 4096, ignoreTrailingSlash: true },
    ajv: {
      // The document refuses unknown fields and wrong types: nothing is dropped or coerced silently.
      customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: false },
      // Each schema compiled once per process, whatever number of apps it builds (http/compile-once.ts).
      plugins: [compileSchemasOnce],
    },
    schemaController: { compilersFactory: { buildSerializer: SERIALIZERS } },
  });
  app.setErrorHandler(errorHandler);
  // First, so every answer gets them: the console, the API, the stand-in sites, errors and 404s.
  registerSecurityHeaders(app, { headerHost: startupConfig.headerHost });

  if (backend) {
    app.decorate('store', null);
    app.decorate('control', null);
    // Ready once listening: what the proxy answers is the backend's to say.
    registerReadiness(app, {});
    await registerProxy(app, backend);
  } else {
    const seedUsers = options.seedUsers ?? (Number(env.SEED_USERS) || DEFAULT_SEED_USERS);
    const seedPassword = options.seedPassword ?? env.SEED_PASSWORD ?? undefined;
    const seedClusters = options.seedClusters ?? (Number(env.SEED_CLUSTERS) || undefined);
    const historyLimit = options.historyLimit ?? (Number(env.HISTORY_LIMIT) || DEFAULT_HISTORY_LIMIT);
    const prepare = (store: Store) => {
      // Deactivation ends the user's sign-in for good: a re-activation revives no earlier token or cookie.
      store.onUserDeactivated = (uuid) => auth.service.revokeUserSessions(uuid);
      return store;
    };
    const historyRetentionDays =
      options.historyRetentionDays ?? (Number(env.HISTORY_RETENTION_DAYS) || DEFAULT_HISTORY_RETENTION_DAYS);
    const activityMaxEvents =
      options.activityMaxEvents ?? (Number(env.ACTIVITY_MAX_EVENTS) || DEFAULT_ACTIVITY_MAX_EVENTS);
    const activityRetentionDays =
      options.activityRetentionDays ?? (Number(env.ACTIVITY_RETENTION_DAYS) || DEFAULT_ACTIVITY_RETENTION_DAYS);
    const storeOptions = {
      publicOrigin,
      now: options.now,
      historyViews,
      historyLimit,
      historyRetentionDays,
      activityMaxEvents,
      activityRetentionDays,
    };
    const storage = await startStorage(options.storage ?? { dataDir: null }, {
      seed: () =>
        storeWithFixtures(
          options.fixtures,
          () => buildSeededStore({ ...storeOptions, users: seedUsers, clusters: seedClusters, password: seedPassword }),
          () => new Store(storeOptions),
        ),
      blank: () => new Store(storeOptions),
      prepare,
    });
    const holder = { store: storage.store };
    storage.persistence.onReload = (store) => {
      holder.store = prepare(store);
    };
    app.decorate('store', {
      getter: () => holder.store,
    });
    app.decorate('storage', storage);
    app.addHook('onClose', async () => storage.persistence.close());

    // Checked before any body is parsed (multipart parsing runs in preValidation too).
    app.addHook('preValidation', requireDocumentedBody);
    await app.register(cookie);
    await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });

    const faults = new FaultTable();
    const factors = new FactorService(
      () => holder.store,
      relyingParty(publicOrigin, 'Network Operations Suite'),
      options.now ?? Date.now,
    );
    const reset = () =>
      readiness.during(async () => {
        faults.clear();
        factors.clear();
        auth.service.reset();
        holder.store = await storage.reset();
      });
    const control: Control = { reset, outbox: () => holder.store.outbox, faults, ready: () => readiness.ready };
    app.decorate('control', control);
    const mockApi = options.mock ?? (mockApiOff(env) ? false : { token: env.MOCK_TOKEN || null });
    if (mockApi) {
      await app.register(mock, {
        control,
        snapshot: () => storage.snapshot(),
        guard: { token: mockApi.token ?? null, publicOrigin },
      });
    }

    // The auth side reads accounts through this adapter, so a reseed is seen at once.
    const authStore: AuthStore = {
      findAccountByUsername: (username) => holder.store.findAccountByUsername(username),
      findAccountByUuid: (uuid) => holder.store.findAccountByUuid(uuid),
      findClient: (clientId) => holder.store.findClient(clientId),
      holdings: (userUuid) => holdingsOf(holder.store, userUuid),
    };
    const offersExtensions = options.extensions ?? !extensionsOff(env);
    const signingKey = options.signingKey ?? keptSigningKey(storage.persistence);
    const readiness = registerReadiness(app, { 'signing key': signingKey });
    const auth = createAuth({
      store: authStore,
      ssoStartBinding: offersExtensions,
      publicOrigin,
      consoleClientId: CONSOLE_CLIENT_ID,
      ...(options.now ? { now: options.now } : {}),
      signingKey,
      events: {
        signIn: (event) => {
          recordSignIn(holder.store, event);
          if (event.outcome === 'succeeded' && event.clientId === CONSOLE_CLIENT_ID) prepareListsOf(event.accountUuid);
        },
        signOut: (event) => recordSignOut(holder.store, event),
      },
      // A spec-only backend signs in with the password alone (spec §4).
      ...(offersExtensions ? { factors } : {}),
      ...options.authOptions,
    });
    storage.persistence.keep('auth', {
      save: () => auth.service.keptState(),
      load: (state) => auth.service.restoreKeptState(state),
      watch: (changed) => auth.service.onChange(changed),
    });
    // Changes outside the routes of the document (the sign-in pages, the token call, logout, the
    // stand-in sites' GETs that answer with a code) are saved before their answer leaves too: the
    // auth core says when it changed, and a flush with nothing to save costs nothing.
    // Synchronous, like the other hooks every answer passes: an async one costs each answer a promise and a turn.
    app.addHook('onSend', (_request, _reply, payload, done) => {
      try {
        storage.persistence.flush();
      } catch (error) {
        return done(error as Error);
      }
      done(null, payload);
    });
    await app.register(auth.plugin);
    // Discovery (RFC 8414 and OpenID metadata) is an extension too: a spec-only backend has no such path.
    if (!offersExtensions) {
      app.addHook('onRequest', async (request, reply) => {
        if (request.url.startsWith('/.well-known/') || request.url.startsWith(`${BASE_PATH}/.well-known/`))
          // A plain 404, never the console's page (the not-found handler serves index.html to a browser under the base path).
          return reply
            .code(404)
            .send({ statusCode: 404, error: 'Not Found', message: `Route GET:${request.url} not found` });
        // Conditional writes (ETag / If-Match) are an extension too: no version goes out, none is heeded.
        delete request.headers['if-match'];
      });
      app.addHook('onSend', async (_request, reply, payload) => {
        reply.removeHeader('etag');
        return payload;
      });
    }

    // Pages that stand for other systems: the Enterprise SSO provider (/sso/...),
    // a second application signing in through the console's provider
    // (/demo-app/...) and the suite's shared header host (/header-host/...).
    registerSsoPages(app, auth.sso);
    registerDemoApp(app, {
      store: authStore,
      publicOrigin,
      clientId: DEMO_CLIENT_ID,
      now: options.now ?? Date.now,
      keys: async () => (await auth.service.publicKeys()) as JSONWebKeySet,
    });
    registerHeaderHost(app);

    // The glue checks the bearer token in preHandler, after the body is parsed
    // and validated; run it first instead (onRequest), so an anonymous or
    // expired caller learns nothing about the body and costs no parsing. The
    // console's token, verified on its first call, passes without waiting.
    app.addHook('onRoute', (route) => {
      if (!route.preHandler || !(route.schema as { operationId?: string } | undefined)?.operationId) return;
      const before = route.onRequest ? [route.onRequest].flat() : [];
      const checks = [route.preHandler].flat() as Parameters<typeof auth.bearerCheck>[0][];
      route.onRequest = [...before, ...checks.map(auth.bearerCheck)];
      route.preHandler = undefined;
    });

    const documentText = readFileSync(SPEC_PATH, 'utf8');
    const userLists = userListAnswers();
    /** The console's first call after a sign-in is the users list: it is made meanwhile. */
    function prepareListsOf(accountUuid: string | null) {
      const account = accountUuid === null ? undefined : holder.store.findAccountByUuid(accountUuid);
      // An account without a console role has no list: prepare leaves it.
      if (account)
        userLists.prepare(holder.store, {
          userUuid: account.uuid,
          role: highestRole(account.roles),
          companyUuid: account.companyUuid,
          layoutCodes: account.layoutCodes,
        });
    }
    // Right after a start, the provider's list, the largest: the first sign-in finds it made. After ready, so the
    // start is not held for it.
    app.addHook('onReady', async () => {
      setTimeout(() => {
        userLists.prepare(holder.store, { userUuid: '', role: 'ERRIGAL_ADMIN', companyUuid: null, layoutCodes: [] });
      }, 0).unref();
    });
    const offered = (op: Operation) => offersExtensions || !isExtension(op);
    const ctx: RouteContext = {
      store: () => holder.store,
      startupConfig,
      revokeUserSessions: (uuid) => auth.service.revokeUserSessions(uuid),
      signIns: auth.service,
      userLists,
    };
    const activity = {
      table: () => storage.persistence.db.activity,
      lastPurge: () => storage.persistence.lastPurge,
    };
    const handlers = composeRoutes([
      ...AREAS.map((area) => area(ctx)),
      activityRoutes(ctx, activity),
      factorRoutes(ctx, factors),
      auth.handlers,
    ]);
    const glue = {
      // Durable outside: the events a handler records are saved with what it wrote.
      serviceHandlers: storage.durable(
        recordingHandlers(handlers, { state: () => holder.store, consoleClientId: CONSOLE_CLIENT_ID }),
      ),
      securityHandlers: auth.securityHandlers,
      prefix: BASE_PATH,
    };
    // @fastify/multipart's hooks run on every route of the scope it is registered
    // in (a listener on each response, three promises), so the operations that
    // take an upload (the user import) have a scope of their own.
    await app.register(openapiGlue, {
      ...glue,
      specification: operationsOf(documentText, (op) => offered(op) && !isUpload(op)),
    });
    await app.register(async (uploads) => {
      await uploads.register(multipart, {
        attachFieldsToBody: 'keyValues',
        onFile: readTextFile,
        limits: {
          fileSize: options.importLimitBytes ?? IMPORT_LIMIT_BYTES,
          files: 1,
          fields: 10,
          parts: 11,
          fieldSize: 64 * 1024,
        },
      });
      await uploads.register(openapiGlue, {
        ...glue,
        specification: operationsOf(documentText, (op) => offered(op) && isUpload(op)),
      });
    });
  }

  await registerConsole(app, webDist, backend ? startupConfig : null);
  return app;
}
