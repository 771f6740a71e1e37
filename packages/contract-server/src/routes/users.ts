// Users (spec §7 "Users"): lists, get, save, activate/inactivate, the user
// element configuration, bulk import and export; with the user's wire mapping.

import { userMessages } from '@userprofile/shared/messages';
import type { FastifyReply } from 'fastify';
import { ArrayAnswer } from '../http/array-answer.ts';
import { etagOf, ifMatchHolds } from '../http/etag.ts';
import { type CachedJson, keptUntilWrite, prepareGzip, sendCachedJson } from '../http/send.ts';
import { type Caller, canSee, type UserDirectory, userWriteRefusal } from '../store/access.ts';
import { effectiveAccess } from '../store/effective-access.ts';
import { PreconditionFailedError } from '../store/errors.ts';
import type { Store, UserInput } from '../store/store.ts';
import type { AppRow, ConsoleRole, Scoped, UserRecord } from '../store/types.ts';
import { bulkUsers } from '../store/user-bulk.ts';
import { exportUsers, importUsers } from '../store/user-csv.ts';
import { caller, type Req, type RouteContext, type Routes, type S, type UserListAnswers } from './context.ts';
import { businessAppProfileView, ref, scoped, scopeInput } from './wire.ts';

// ------------------------------------------------------------------ views

interface Lookups {
  version: number;
  elementRows: Map<string, AppRow>;
  labels: Map<string, string>;
}
const lookupCache = new WeakMap<Store, Lookups>();

/** Element rows by uuid and labels by category, built once per store version (a list view makes 100000 users). */
function lookups(store: Store): Lookups {
  let l = lookupCache.get(store);
  if (!l || l.version !== store.version) {
    const elementRows = new Map<string, AppRow>();
    for (const a of store.applications.values()) for (const e of a.elements) elementRows.set(e.uuid, e);
    l = {
      version: store.version,
      elementRows,
      labels: new Map(store.userElementConfig.map((c) => [c.category, c.label])),
    };
    lookupCache.set(store, l);
  }
  return l;
}

/**
 * Who reads users, so that a user's answers name nothing the reader may not open: a record the reader's own GET would
 * refuse is withheld (a profile as null, an application profile or element
 * left out), and a user the reader may not change carries the reason
 * (readOnlyReason: the user write rule, access.ts userWriteRefusal). Without
 * a reader (the record history's views, filtered per reader there) all is shown.
 */
export interface UserReader {
  sees(r: Scoped): boolean;
  refusal(u: UserRecord): string | null;
}

const EVERYTHING: UserReader = { sees: () => true, refusal: () => null };

export function userReader(store: Store, who: Caller): UserReader {
  // ERRIGAL_ADMIN sees and may change every user: nothing to work out per user of a 100000-user list.
  if (who.role === 'ERRIGAL_ADMIN') return EVERYTHING;
  // A list of 100000 users asks for the roles of a few business profiles: each is worked out once.
  const roles = new Map<string | null, ConsoleRole[]>();
  const directory: UserDirectory = {
    rolesGrantedBy(bp) {
      const known = roles.get(bp);
      if (known) return known;
      const granted = store.rolesGrantedBy(bp);
      roles.set(bp, granted);
      return granted;
    },
    seesProfilesOf: (c, u) => store.seesProfilesOf(c, u),
  };
  return { sees: (r) => canSee(who, r), refusal: (u) => userWriteRefusal(who, u, directory) };
}

/**
 * A user as the lists carry it: the fields the Users list shows, filters on and
 * sorts by (spec §2), and what activate/inactivate need. `GET /user/{uuid}`
 * answers the whole user (userView).
 */
export function userListView(store: Store, u: UserRecord, reader: UserReader = EVERYTHING): S['User'] {
  const bp = u.businessProfileUuid ? store.businessProfiles.get(u.businessProfileUuid) : undefined;
  const vp = u.visibilityProfileUuid ? store.visibilityProfiles.get(u.visibilityProfileUuid) : undefined;
  const readOnlyReason = reader.refusal(u);
  const view: S['User'] = {
    uuid: u.uuid,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    active: u.active,
    businessProfile: bp && reader.sees(bp) ? { uuid: bp.uuid, name: bp.name } : null,
    visibilityProfile: vp && reader.sees(vp) ? ref(vp) : null,
  };
  if (readOnlyReason) view.readOnlyReason = readOnlyReason;
  return view;
}

/** The whole user, its business profile with the application profiles (the form's category tabs and default tree). */
export function userView(store: Store, u: UserRecord, reader: UserReader = EVERYTHING): S['User'] {
  const location = u.locationUuid ? store.locations.get(u.locationUuid) : undefined;
  const found = u.businessProfileUuid ? store.businessProfiles.get(u.businessProfileUuid) : undefined;
  const bp = found && reader.sees(found) ? found : undefined;
  const { elementRows, labels } = lookups(store);
  return {
    ...userListView(store, u, reader),
    deskPhone: u.deskPhone,
    mobilePhone: u.mobilePhone,
    location: location
      ? { uuid: location.uuid, name: location.name, latitude: location.latitude, longitude: location.longitude }
      : null,
    businessProfile: bp
      ? {
          uuid: bp.uuid,
          name: bp.name,
          appProfiles: bp.appProfiles.flatMap((id) => {
            const ap = store.appProfiles.get(id);
            return ap && reader.sees(ap) ? [businessAppProfileView(store, ap, reader.sees)] : [];
          }),
        }
      : null,
    ...scoped(store, u),
    elements: u.elements.flatMap((e) => {
      const row = elementRows.get(e.uuid);
      return row && reader.sees(row)
        ? [
            {
              uuid: row.uuid,
              name: row.name,
              label: labels.get(row.category) ?? null,
              category: row.category,
              actualValue: e.actualValue,
            },
          ]
        : [];
    }),
  };
}

/** The version of a user (ETag / If-Match, an extension): its stored state, secrets left out. */
export const userETag = (u: UserRecord): string => etagOf(u, ['passwordHash', 'passwordHistory']);

// ----------------------------------------------------------------- inputs

function userInput(u: S['UserInput']): UserInput {
  return {
    uuid: u.uuid ?? null,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    deskPhone: u.deskPhone ?? null,
    mobilePhone: u.mobilePhone ?? null,
    active: u.active,
    locationUuid: u.location?.uuid ?? null,
    businessProfileUuid: u.businessProfile?.uuid ?? null,
    visibilityProfileUuid: u.visibilityProfile?.uuid ?? null,
    ...scopeInput(u),
    elements: (u.elements ?? []).map((e) => ({ uuid: e.uuid, actualValue: e.actualValue ?? e.name })),
  };
}

// --------------------------------------------------------------- handlers

/**
 * The users lists' answers. The lists are the hot path (100,000 users): their
 * JSON is kept per scope (role and company decide what a caller sees) until
 * the next write, as bytes with a gzip copy made once on first demand: every
 * answer writes the same buffer, with no per-request serialising or
 * compressing (a 100,000-user list is tens of MB as JSON, a tenth of that
 * gzipped).
 *
 * A write of one user changes one row: each row's JSON is kept too, as bytes,
 * per scope and per user record (a write replaces its user's record), while
 * nothing else a row shows changed (store.othersVersion: profile names, what
 * the scope sees, the roles behind a read-only reason). A list after such a
 * write is made of its kept rows, in blocks that are copied as they were
 * except the changed row's (http/array-answer.ts), gzip included.
 *
 * Made cold, the provider's 85,000-row list costs about 1.2 s (its order, each
 * row's JSON, the gzip copy): `prepare` makes a reader's active list before
 * they ask for it, right after a start and at each sign-in to the console, so
 * the first rows after Sign In do not wait for it.
 */
export function userListAnswers(): UserListAnswers {
  const lists = keptUntilWrite<Promise<CachedJson>>();
  let rowsFor: Store | null = null;
  let rowsAt = -1;
  const answers = new Map<string, ArrayAnswer<UserRecord>>();
  function answer(store: Store, who: Caller, active: boolean): Promise<CachedJson> {
    const scope = `${who.role}|${who.role === 'ERRIGAL_ADMIN' ? '' : who.companyUuid}`;
    const key = `${active}|${scope}`;
    return lists(store, key, () => {
      if (rowsFor !== store || rowsAt !== store.othersVersion) {
        answers.clear();
        rowsFor = store;
        rowsAt = store.othersVersion;
      }
      let made = answers.get(key);
      if (made === undefined) {
        // Each row's bytes, per user record (a user is in one list: its status changes make a new record).
        const kept = new WeakMap<UserRecord, Buffer>();
        // What the reader works out (the roles behind a read-only reason) holds while othersVersion does.
        const reader = userReader(store, who);
        made = new ArrayAnswer<UserRecord>({
          key: (u) => u.uuid,
          json(u) {
            let row = kept.get(u);
            if (row === undefined) {
              row = Buffer.from(JSON.stringify(userListView(store, u, reader)));
              kept.set(u, row);
            }
            return row;
          },
        });
        answers.set(key, made);
      }
      return made.answer(store.listUsers(who, active));
    });
  }
  return {
    answer,
    prepare(store, who) {
      if (who.role === null) return;
      // Made in slices (ArrayAnswer yields every few milliseconds), so requests meanwhile are answered.
      answer(store, who, true)
        .then(prepareGzip)
        .catch(() => undefined);
    },
  };
}

export function userRoutes(ctx: RouteContext): Routes {
  // The lists' answers are kept apart from the routes (userListAnswers above), so the server can make them ahead.
  const userListJson = (store: Store, who: Caller, active: boolean) => ctx.userLists.answer(store, who, active);

  const csv = (active: boolean | null, filename: string) =>
    async function exportCsv(request: Req, reply: FastifyReply) {
      return reply
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .type('text/csv; charset=utf-8')
        .send(exportUsers(ctx.store(), caller(request), active));
    };

  return {
    async importUsers(request: Req<{ users: string }>) {
      return importUsers(ctx.store(), caller(request), request.body.users);
    },
    async listActiveUsers(request: Req, reply: FastifyReply) {
      return sendCachedJson(request, reply, userListJson(ctx.store(), caller(request), true));
    },
    async listInactiveUsers(request: Req, reply: FastifyReply) {
      return sendCachedJson(request, reply, userListJson(ctx.store(), caller(request), false));
    },
    async getUser(request: Req<unknown, { uuid: string }>, reply: FastifyReply) {
      const store = ctx.store();
      const who = caller(request);
      const user = store.getUser(who, request.params.uuid);
      reply.header('ETag', userETag(user));
      const changedAt = store.history.lastChangedAt('user', user.uuid);
      if (changedAt) reply.header('Last-Modified', new Date(changedAt).toUTCString());
      return userView(store, user, userReader(store, who));
    },
    async getUserByUsername(request: Req<unknown, { username: string }>) {
      const store = ctx.store();
      const who = caller(request);
      return userView(store, store.getUserByUsername(who, request.params.username), userReader(store, who));
    },
    async getEffectiveAccess(request: Req<unknown, { uuid: string }>): Promise<S['EffectiveAccess']> {
      return effectiveAccess(ctx.store(), caller(request), request.params.uuid);
    },
    async getUserElementConfig(request: Req) {
      caller(request);
      return ctx.store().userElementConfig;
    },
    async updateUser(request: Req<S['UserUpdateBody']>, reply: FastifyReply) {
      const store = ctx.store();
      const who = caller(request);
      const input = userInput(request.body.user);
      // A conditional update (If-Match): refused when the user changed since the editor read it. Nothing
      // awaits between this check and the save, so no other write can come between them.
      if (input.uuid && request.headers['if-match'] !== undefined) {
        const current = store.getUser(who, input.uuid);
        if (!ifMatchHolds(request.headers['if-match'], userETag(current)))
          throw new PreconditionFailedError(userMessages.changedSinceRead(current.username));
      }
      const saved = store.saveUser(who, input, request.body.clonedId);
      reply.header('ETag', userETag(saved));
      return userView(store, saved, userReader(store, who));
    },
    async pullUsers(request: Req) {
      return ctx.store().pullUsers(caller(request));
    },
    /** Answers the list the user moved into: the active users. */
    async activateUser(request: Req<S['User']>, reply: FastifyReply) {
      const store = ctx.store();
      const who = caller(request);
      store.setActive(who, request.body.uuid, true);
      return sendCachedJson(request, reply, userListJson(store, who, true));
    },
    /** Answers the list the user moved into: the inactive users. */
    async inactivateUser(request: Req<S['User']>, reply: FastifyReply) {
      const store = ctx.store();
      const who = caller(request);
      store.setActive(who, request.body.uuid, false);
      return sendCachedJson(request, reply, userListJson(store, who, false));
    },
    /** The list's bulk actions (an extension), answered per user (store/user-bulk.ts). */
    async bulkUserAction(request: Req<S['BulkUserBody']>): Promise<S['BulkUserResult']> {
      const { action, uuids, value } = request.body;
      return bulkUsers(ctx.store(), caller(request), action, uuids, value ?? null);
    },
    exportAllUsers: csv(null, 'users.csv'),
    exportActiveUsers: csv(true, 'active-users.csv'),
    exportInactiveUsers: csv(false, 'inactive-users.csv'),
  } satisfies Routes;
}
