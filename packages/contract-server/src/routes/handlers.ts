// The service handlers of openapi/userprofile.yaml (keyed by operationId) for
// everything but the auth operations. Thin: read the request, call the store,
// shape the answer. Request bodies are already validated against the document.

import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import type { components } from '@userprofile/shared/generated/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Caller, callerOf, requireArea } from '../store/access.ts';
import { DomainError } from '../store/errors.ts';
import type { Store } from '../store/store.ts';
import type { VisibilityKind } from '../store/types.ts';
import { exportUsers, importUsers } from '../store/user-csv.ts';
import {
  applicationInput,
  applicationView,
  appProfileInput,
  appProfileView,
  businessProfileInput,
  businessProfileView,
  clientInput,
  clientSummaryView,
  clientView,
  clusterForest,
  userInput,
  userListView,
  userView,
  visibilityProfileInput,
  visibilityProfileView,
  visibilitySetView,
} from './wire.ts';

type S = components['schemas'];

export interface StartupConfig {
  apiBaseUrl: string;
  headerHost: string | null;
  ssoEnabled: boolean;
  ssoAutoRedirect: boolean;
  supportEmail: string;
}

export interface HandlerContext {
  /** The current store (POST /__mock/reset swaps it). */
  store(): Store;
  startupConfig: StartupConfig;
  revokeUserSessions(userUuid: string): void;
}

class UnauthorizedError extends DomainError {
  readonly statusCode = 401;
}

/** The signed-in caller; an account without a console role gets 403 (docs/decisions.md, route rules). */
function caller(request: FastifyRequest): Caller {
  if (!request.principal) throw new UnauthorizedError('The access token is missing or invalid.');
  const who = callerOf(request.principal);
  requireArea(who, 'users');
  return who;
}

type Req<B = unknown, P = Record<string, string>> = FastifyRequest<{ Body: B; Params: P }>;
type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const HEADER_VERSION = '1.0.0';

interface CachedJson {
  json: Buffer;
  gzip?: Promise<Buffer>;
}

const gzip = promisify(gzipCb);

/** Whether an Accept-Encoding header accepts gzip (listed, or `*`, with a non-zero q). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of value.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

export function createStoreHandlers(ctx: HandlerContext): Record<string, Handler> {
  // The user lists are the hot path (100000 users): their JSON is kept per
  // scope (role and company decide what a caller sees) until the next write.
  let cacheVersion = -1;
  let cacheStore: Store | null = null;
  // Kept as bytes, with a gzip copy made once on first demand: every answer
  // writes the same buffer, with no per-request serialising or compressing
  // (a 100000-user list is tens of MB as JSON, a tenth of that gzipped).
  const listCache = new Map<string, CachedJson>();
  function userListJson(store: Store, who: Caller, active: boolean): CachedJson {
    if (cacheVersion !== store.version || cacheStore !== store) {
      listCache.clear();
      cacheVersion = store.version;
      cacheStore = store;
    }
    const key = `${active}|${who.role}|${who.role === 'ERRIGAL_ADMIN' ? '' : who.companyUuid}`;
    let entry = listCache.get(key);
    if (entry === undefined) {
      entry = { json: Buffer.from(JSON.stringify(store.listUsers(who, active).map((u) => userListView(store, u)))) };
      listCache.set(key, entry);
    }
    return entry;
  }
  const sendJson = (reply: FastifyReply, json: string | Buffer) =>
    reply.type('application/json; charset=utf-8').send(json);
  async function sendList(request: FastifyRequest, reply: FastifyReply, entry: CachedJson) {
    reply.header('vary', 'accept-encoding');
    if (!acceptsGzip(request.headers['accept-encoding'])) return sendJson(reply, entry.json);
    entry.gzip ??= gzip(entry.json);
    return sendJson(reply.header('content-encoding', 'gzip'), await entry.gzip);
  }

  const csv = (active: boolean | null, filename: string) => async (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .type('text/csv; charset=utf-8')
      .send(exportUsers(ctx.store(), caller(request), active));

  const html = (reply: FastifyReply, body: string) => reply.type('text/html; charset=utf-8').send(body);

  const handlers = {
    // ---------------------------------------------------------------- users
    async importUsers(request: Req<{ users: string }>) {
      return importUsers(ctx.store(), caller(request), request.body.users);
    },
    async listActiveUsers(request: FastifyRequest, reply: FastifyReply) {
      return sendList(request, reply, userListJson(ctx.store(), caller(request), true));
    },
    async listInactiveUsers(request: FastifyRequest, reply: FastifyReply) {
      return sendList(request, reply, userListJson(ctx.store(), caller(request), false));
    },
    async getUser(request: Req<unknown, { uuid: string }>) {
      const store = ctx.store();
      return userView(store, store.getUser(caller(request), request.params.uuid));
    },
    async getUserByUsername(request: Req<unknown, { username: string }>) {
      const store = ctx.store();
      return userView(store, store.getUserByUsername(caller(request), request.params.username));
    },
    async getUserElementConfig(request: FastifyRequest) {
      caller(request);
      return ctx.store().userElementConfig;
    },
    async updateUser(request: Req<S['UserUpdateBody']>) {
      const store = ctx.store();
      const saved = store.saveUser(caller(request), userInput(request.body.user), request.body.clonedId);
      return userView(store, saved);
    },
    async pullUsers(request: FastifyRequest) {
      return ctx.store().pullUsers(caller(request));
    },
    /** Answers the list the user moved into: the active users. */
    async activateUser(request: Req<S['User']>, reply: FastifyReply) {
      const store = ctx.store();
      const who = caller(request);
      store.setActive(who, request.body.uuid, true);
      return sendList(request, reply, userListJson(store, who, true));
    },
    /** Answers the list the user moved into: the inactive users. */
    async inactivateUser(request: Req<S['User']>, reply: FastifyReply) {
      const store = ctx.store();
      const who = caller(request);
      store.setActive(who, request.body.uuid, false);
      return sendList(request, reply, userListJson(store, who, false));
    },
    exportAllUsers: csv(null, 'users.csv'),
    exportActiveUsers: csv(true, 'active-users.csv'),
    exportInactiveUsers: csv(false, 'inactive-users.csv'),

    // ------------------------------------------------------------ passwords
    async sendPasswordResetEmail(request: Req<S['User']>) {
      ctx.store().sendPasswordReset(caller(request), request.body.uuid, request.body.username);
      return { sent: true };
    },
    async forgotPassword(request: Req<S['ForgotPasswordBody']>) {
      ctx.store().forgotPassword(request.body.username);
      return { sent: true };
    },
    async verifyPasswordResetToken(request: Req<unknown, { token: string }>, reply: FastifyReply) {
      return sendJson(reply, JSON.stringify(ctx.store().verifyResetToken(request.params.token)));
    },
    async updatePassword(request: Req<S['PasswordReset']>, reply: FastifyReply) {
      const { token, password, rePassword } = request.body;
      const userUuid = await ctx.store().resetPassword(token, password, rePassword);
      ctx.revokeUserSessions(userUuid);
      return reply.code(204).send();
    },
    async passwordSentTemplate(_request: FastifyRequest, reply: FastifyReply) {
      return html(
        reply,
        `<p>An email with a password reset link has been sent to the user.</p><p>It should arrive within 5 minutes. If it does not, please contact <a href="mailto:${ctx.startupConfig.supportEmail}">${ctx.startupConfig.supportEmail}</a>.</p>`,
      );
    },
    async passwordCompleteTemplate(_request: FastifyRequest, reply: FastifyReply) {
      return html(
        reply,
        '<p>Your password has been reset.</p><p>A confirmation email will be sent shortly. You can now <a href="/userprofile/">sign in</a> with the new password.</p>',
      );
    },

    // -------------------------------------------------------------- lookups
    async listLocations(request: FastifyRequest) {
      caller(request);
      return ctx.store().listLocations();
    },
    async listClusters(request: FastifyRequest) {
      caller(request);
      return clusterForest(ctx.store(), null);
    },
    async listCompanies(request: FastifyRequest) {
      return ctx.store().listCompanies(caller(request));
    },

    // ------------------------------------------------- application profiles
    async listApplicationProfiles(request: FastifyRequest) {
      const store = ctx.store();
      return store.listAppProfiles(caller(request)).map((p) => appProfileView(store, p));
    },
    async getApplicationProfile(request: Req<unknown, { uuid: string }>) {
      const store = ctx.store();
      return appProfileView(store, store.getAppProfile(caller(request), request.params.uuid));
    },
    async listApplicationProfileBusinessProfiles(request: Req<unknown, { uuid: string }>) {
      const store = ctx.store();
      return store
        .appProfileBusinessProfiles(caller(request), request.params.uuid)
        .map((p) => businessProfileView(store, p));
    },
    async updateApplicationProfile(request: Req<S['ApplicationProfileInput']>) {
      const store = ctx.store();
      return appProfileView(store, store.saveAppProfile(caller(request), appProfileInput(request.body)));
    },
    async previewApplicationProfileImpact(request: Req<S['ApplicationProfileInput']>): Promise<S['ProfileImpact']> {
      return ctx.store().previewAppProfile(caller(request), appProfileInput(request.body));
    },
    async deleteApplicationProfile(request: Req<unknown, { uuid: string }>, reply: FastifyReply) {
      ctx.store().deleteAppProfile(caller(request), request.params.uuid);
      return reply.code(204).send();
    },

    // ---------------------------------------------------- business profiles
    async listBusinessProfiles(request: FastifyRequest) {
      const store = ctx.store();
      return store.listBusinessProfiles(caller(request)).map((p) => businessProfileView(store, p));
    },
    async getBusinessProfile(request: Req<unknown, { uuid: string }>) {
      const store = ctx.store();
      return businessProfileView(store, store.getBusinessProfile(caller(request), request.params.uuid));
    },
    async listBusinessProfileUsers(request: Req<unknown, { uuid: string }>) {
      const store = ctx.store();
      return store.businessProfileUsers(caller(request), request.params.uuid).map((u) => userListView(store, u));
    },
    async updateBusinessProfile(request: Req<S['BusinessProfileInput']>) {
      const store = ctx.store();
      return businessProfileView(store, store.saveBusinessProfile(caller(request), businessProfileInput(request.body)));
    },
    async previewBusinessProfileImpact(request: Req<S['BusinessProfileInput']>): Promise<S['ProfileImpact']> {
      return ctx.store().previewBusinessProfile(caller(request), businessProfileInput(request.body));
    },
    async deleteBusinessProfile(request: Req<unknown, { uuid: string }>, reply: FastifyReply) {
      ctx.store().deleteBusinessProfile(caller(request), request.params.uuid);
      return reply.code(204).send();
    },

    // -------------------------------------------------- visibility profiles
    async listVisibilityProfiles(request: FastifyRequest) {
      const store = ctx.store();
      return store.listVisibilityProfiles(caller(request)).map((p) => visibilityProfileView(store, p));
    },
    async getVisibilityProfile(request: Req<unknown, { uuid: string }>) {
      const store = ctx.store();
      return visibilityProfileView(store, store.getVisibilityProfile(caller(request), request.params.uuid));
    },
    async listVisibilityProfileUsers(request: Req<unknown, { uuid: string }>) {
      const store = ctx.store();
      return store.visibilityProfileUsers(caller(request), request.params.uuid).map((u) => userListView(store, u));
    },
    async updateVisibilityProfile(request: Req<S['VisibilityProfileInput']>) {
      const store = ctx.store();
      return visibilityProfileView(
        store,
        store.saveVisibilityProfile(caller(request), visibilityProfileInput(request.body)),
      );
    },
    async deleteVisibilityProfile(request: Req<unknown, { uuid: string }>, reply: FastifyReply) {
      ctx.store().deleteVisibilityProfile(caller(request), request.params.uuid);
      return reply.code(204).send();
    },
    async getVisibilitySet(request: FastifyRequest) {
      const store = ctx.store();
      return visibilitySetView(store, store.visibilitySet(caller(request)));
    },

    // --------------------------------------------------------- applications
    async listApplications(request: FastifyRequest) {
      const store = ctx.store();
      const who = caller(request);
      return store.listApplications(who).map((a) => applicationView(store, who, a));
    },
    async getApplication(request: Req<unknown, { uuid: string }>) {
      const store = ctx.store();
      const who = caller(request);
      return applicationView(store, who, store.getApplication(who, request.params.uuid));
    },
    async deleteApplication(request: Req<unknown, { uuid: string }>, reply: FastifyReply) {
      ctx.store().deleteApplication(caller(request), request.params.uuid);
      return reply.code(204).send();
    },
    async updateApplication(request: Req<S['ApplicationInput']>) {
      const store = ctx.store();
      const who = caller(request);
      return applicationView(store, who, store.saveApplication(who, applicationInput(request.body)));
    },
    async syncApplication(request: Req<S['Application']>) {
      const store = ctx.store();
      const who = caller(request);
      return applicationView(store, who, store.syncApplication(who, request.body.uuid));
    },
    async syncAllApplications(request: FastifyRequest) {
      const store = ctx.store();
      const who = caller(request);
      return store.syncAllApplications(who).map((a) => applicationView(store, who, a));
    },

    // ------------------------------------------------------ visibility sync
    async syncVisibilityKind(request: Req<unknown, { kind: VisibilityKind }>) {
      return ctx.store().syncVisibility(caller(request), request.params.kind);
    },
    async syncAllVisibility(request: FastifyRequest) {
      return ctx.store().syncAllVisibility(caller(request));
    },

    // -------------------------------------------------------- OAuth2 clients
    async listOAuth2Clients(request: FastifyRequest) {
      return ctx.store().listClients(caller(request)).map(clientSummaryView);
    },
    async getOAuth2Client(request: Req<unknown, { uuid: string }>) {
      return clientView(ctx.store().getClient(caller(request), request.params.uuid));
    },
    async updateOAuth2Client(request: Req<S['OAuth2ClientInput']>) {
      return clientView(ctx.store().saveClient(caller(request), clientInput(request.body)));
    },

    // -------------------------------------------------------- configuration
    async applicationInfo(request: FastifyRequest): Promise<S['ApplicationInfo']> {
      // Like /me, the shell's header info is for anyone signed in (the document lists no 403 here).
      if (!request.principal) throw new UnauthorizedError('The access token is missing or invalid.');
      const username = request.principal.username;
      const headerUrl = ctx.startupConfig.headerHost;
      return {
        gaSiteId: null,
        username,
        headerUrl,
        headerCss: headerUrl && `${headerUrl}/customer.css`,
        headerConfig: headerUrl && `${headerUrl}/conf.js`,
        headerVersion: headerUrl && HEADER_VERSION,
        suiteName: 'Network Operations Suite',
        appName: 'User Profile',
      };
    },
    async startupConfig(): Promise<StartupConfig> {
      return ctx.startupConfig;
    },
  };
  return handlers as unknown as Record<string, Handler>;
}
