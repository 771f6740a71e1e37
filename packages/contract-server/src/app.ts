// The contract server: external plugins, then fault injection, the auth
// plugin and the routes of openapi/userprofile.yaml (through
// fastify-openapi-glue, so every request is validated against the document),
// one error handler, and the built console under /userprofile/.
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { decodedPath } from './auth/http.ts';
import { createAuth } from './auth/index.ts';
import type { SigningKey } from './auth/keys.ts';
import { MOCK_PREFIX, mock } from './mock/plugin.ts';
import { registerProxy } from './proxy.ts';
import { createStoreHandlers, type StartupConfig } from './routes/handlers.ts';
import { buildSeededStore, CONSOLE_CLIENT_ID, DEFAULT_SEED_USERS, DEMO_CLIENT_ID } from './seed/seed.ts';
import { DomainError, type FieldError, InvalidError } from './store/errors.ts';
import type { Store } from './store/store.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SPEC_PATH = path.resolve(here, '../../../openapi/userprofile.yaml');
export const WEB_DIST = path.resolve(here, '../../web/dist');
export const BASE = '/userprofile';
/** Largest CSV file an import accepts. */
export const IMPORT_LIMIT_BYTES = 10 * 1024 * 1024;
/** Largest JSON or form body. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

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
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The current domain store (POST /__mock/reset replaces it); null in proxy mode. */
    store: Store | null;
  }
}

export function defaultPublicOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return env.PUBLIC_ORIGIN?.replace(/\/+$/, '') || `http://127.0.0.1:${env.PORT || 8080}`;
}

function defaultStartupConfig(env: NodeJS.ProcessEnv = process.env): StartupConfig {
  return {
    apiBaseUrl: BASE,
    headerHost: '/header-host',
    ssoEnabled: env.SSO_ENABLED === 'true',
    ssoAutoRedirect: env.SSO_AUTO_REDIRECT === 'true',
    supportEmail: env.SUPPORT_EMAIL || 'support@example.com',
  };
}

export function errorBody(statusCode: number, message: string, errors?: FieldError[]) {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

const CONTEXT_NAMES: Record<string, string> = { body: 'body', params: 'path', querystring: 'query', headers: 'header' };

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Ajv errors → [{ field: 'body.user.username', reason }] (docs/decisions.md "Wire"). */
export function fieldErrors(context: string, errors: AjvError[]): FieldError[] {
  const prefix = CONTEXT_NAMES[context] ?? context;
  return errors.map((e) => {
    const parts = e.instancePath
      .split('/')
      .filter(Boolean)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (e.keyword === 'required' && typeof e.params.missingProperty === 'string') parts.push(e.params.missingProperty);
    if (e.keyword === 'additionalProperties' && typeof e.params.additionalProperty === 'string') {
      parts.push(e.params.additionalProperty);
      return { field: [prefix, ...parts].join('.'), reason: 'is not an allowed field' };
    }
    return { field: [prefix, ...parts].join('.'), reason: e.message ?? e.keyword };
  });
}

function errorHandler(error: FastifyError & { errors?: unknown }, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof InvalidError) {
    return reply.code(400).send(errorBody(400, error.message, error.errors));
  }
  if (error instanceof DomainError) {
    return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message));
  }
  if (error.validation) {
    const errors = fieldErrors(error.validationContext ?? 'body', error.validation as AjvError[]);
    const first = errors[0];
    const message = first ? `${first.field} ${first.reason}` : error.message;
    return reply.code(400).send(errorBody(400, message, errors));
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    // Same answer as requireDocumentedBody gives for a type the document does not list.
    const reason = `must be a documented media type, not ${request.headers['content-type']}`;
    return reply.code(400).send(errorBody(400, `The body ${reason}`, [{ field: 'body', reason }]));
  }
  if (!error.statusCode && request.headers['content-type']?.toLowerCase().startsWith('multipart/')) {
    // busboy's parse errors carry no status: a malformed upload is bad input.
    return reply
      .code(400)
      .send(errorBody(400, `The upload is not valid: ${error.message}`, [{ field: 'body', reason: error.message }]));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Parser and plugin errors: bad JSON, body too large (413), unsupported media type (415), multipart limits.
    const field = error.code?.startsWith('FST_ERR_CTP') || error.code?.startsWith('FST_') ? 'body' : undefined;
    const message = error.code === 'FST_REQ_FILE_TOO_LARGE' ? 'The file is too large' : error.message;
    return reply.code(status).send(errorBody(status, message, field ? [{ field, reason: message }] : undefined));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(errorBody(500, 'The server could not complete the request.'));
}

/**
 * The document's request bodies name their media types: a body of another type
 * is refused (400) before any parsing, and a missing body is a 400, so a
 * handler never sees a body the document did not validate.
 */
function requireDocumentedBody(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  const schema = request.routeOptions.schema as { body?: { content?: Record<string, unknown> } } | undefined;
  const content = schema?.body?.content;
  if (!content) return done();
  const type = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
  if (!type) {
    reply
      .code(400)
      .send(errorBody(400, 'A request body is required', [{ field: 'body', reason: 'A request body is required' }]));
    return;
  }
  if (!Object.hasOwn(content, type)) {
    // A 400 (which every such operation documents) rather than 415: the field and reason say what is wrong.
    const reason = `must be ${Object.keys(content).join(' or ')}, not ${type}`;
    reply.code(400).send(errorBody(400, `The body ${reason}`, [{ field: 'body', reason }]));
    return;
  }
  done();
}

/** Reads the CSV file of a multipart upload as text; a binary file is refused. */
async function readTextFile(part: { fieldname: string; toBuffer(): Promise<Buffer>; value?: unknown }) {
  const buffer = await part.toBuffer();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    text = '\0';
  }
  if (text.includes('\0')) {
    throw new InvalidError('The file is not a CSV text file', [
      { field: `body.${part.fieldname}`, reason: 'The file is binary, not a UTF-8 CSV text file' },
    ]);
  }
  part.value = text;
}

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
    // Long enough for any documented path parameter (reset tokens: 2048), so the schema judges it.
    // Spec §7 writes `getPropelTokenFromCode/` with a trailing slash; the document without.
    routerOptions: { maxParamLength: 4096, ignoreTrailingSlash: true },
    ajv: {
      // The document refuses unknown fields and wrong types: nothing is dropped or coerced silently.
      customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: false },
    },
  });
  app.setErrorHandler(errorHandler);

  if (backend) {
    app.decorate('store', null);
    await registerProxy(app, backend);
  } else {
    const seedUsers = options.seedUsers ?? (Number(env.SEED_USERS) || DEFAULT_SEED_USERS);
    const seedPassword = options.seedPassword ?? env.SEED_PASSWORD ?? undefined;
    const seedClusters = options.seedClusters ?? (Number(env.SEED_CLUSTERS) || undefined);
    const seed = () =>
      buildSeededStore({
        publicOrigin,
        users: seedUsers,
        clusters: seedClusters,
        password: seedPassword,
        now: options.now,
      });
    const holder = { store: await seed() };
    app.decorate('store', {
      getter: () => holder.store,
    });

    // Checked before any body is parsed (multipart parsing runs in preValidation too).
    app.addHook('preValidation', requireDocumentedBody);
    await app.register(cookie);
    await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
    await app.register(multipart, {
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

    await app.register(mock, {
      reset: async () => {
        holder.store = await seed();
        auth.service.reset();
      },
      outbox: () => holder.store.outbox,
    });

    // The auth side reads accounts through this adapter, so a reseed is seen at once.
    const auth = createAuth({
      store: {
        findAccountByUsername: (username) => holder.store.findAccountByUsername(username),
        findAccountByUuid: (uuid) => holder.store.findAccountByUuid(uuid),
        findClient: (clientId) => holder.store.findClient(clientId),
      },
      publicOrigin,
      consoleClientId: CONSOLE_CLIENT_ID,
      demoClientId: DEMO_CLIENT_ID,
      ...(options.now ? { now: options.now } : {}),
      ...(options.signingKey ? { signingKey: options.signingKey } : {}),
      ...options.authOptions,
    });
    await app.register(auth.plugin);

    // The glue checks the bearer token in preHandler, after the body is parsed
    // and validated; run it first instead (onRequest), so an anonymous or
    // expired caller learns nothing about the body and costs no parsing.
    app.addHook('onRoute', (route) => {
      if (!route.preHandler || !(route.schema as { operationId?: string } | undefined)?.operationId) return;
      const before = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [...before, ...[route.preHandler].flat()] as typeof route.onRequest;
      route.preHandler = undefined;
    });

    const storeHandlers = createStoreHandlers({
      store: () => holder.store,
      startupConfig,
      revokeUserSessions: (uuid) => auth.service.revokeUserSessions(uuid),
    });
    await app.register(openapiGlue, {
      specification: SPEC_PATH,
      serviceHandlers: { ...storeHandlers, ...auth.handlers },
      securityHandlers: auth.securityHandlers,
      prefix: BASE,
    });
  }

  await registerConsole(app, webDist, backend ? startupConfig : null);
  return app;
}

/** The built console under /userprofile/, with the SPA fallback to index.html for screen routes. */
async function registerConsole(app: FastifyInstance, webDist: string | null, proxyConfig: StartupConfig | null) {
  if (webDist) {
    await app.register(fastifyStatic, { root: webDist, prefix: `${BASE}/`, wildcard: true, index: 'index.html' });
  }
  if (proxyConfig) app.get(`${BASE}/config.json`, async () => proxyConfig);
  app.setNotFoundHandler((request, reply) => {
    const url = decodedPath(request.url);
    const screen =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (url === BASE || url.startsWith(`${BASE}/`)) &&
      !url.startsWith(`${BASE}/api/`) &&
      !url.startsWith(MOCK_PREFIX);
    if (screen && webDist) return reply.type('text/html; charset=utf-8').sendFile('index.html');
    const message = screen
      ? 'The console is not built (run npm start, or build packages/web).'
      : `No route ${request.method} ${url}`;
    return reply.code(404).send(errorBody(404, message));
  });
}
