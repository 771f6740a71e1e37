// The user calls of spec §7, through the one API client. The CSV upload
// alone uses XMLHttpRequest, for its upload progress events, with the same
// headers and global error rules as the client (lib/api/middleware.ts).
import type { components } from '@userprofile/shared/generated/api';
import type { MiddlewareCallbackParams } from 'openapi-fetch';
import { api, browserDeps, expectFailure, withLoading } from '../../lib/api/client.ts';
import { globalErrors, requestHeaders } from '../../lib/api/middleware.ts';
import { rememberVersion } from '../../lib/api/versions.ts';
import { getConfig } from '../../lib/config.ts';
import { createDataCache } from '../../lib/data/cache.ts';
import { callExtension, extensionOrDerived } from '../../lib/extensions.ts';
import { readJsonArray } from '../../lib/json-array-stream.ts';
import type { ListStatus, User } from './list-view.ts';

export type UserInput = components['schemas']['UserInput'];
export type UserElementConfig = components['schemas']['UserElementConfig'];
export type ImportResult = components['schemas']['ImportResult'];

/** Performance marks of the list (read by scripts/bench-users.mjs). */
export const MARK_LIST_DATA = 'users:list-data';

/** Users of a list handed over before the rest has arrived (the first rows show sooner): a few pages of the largest page size. */
export const FIRST_ROWS = 500;

/**
 * The list, read as it arrives: `onFirst` gets its first FIRST_ROWS users (in
 * the server's username order) as soon as they are in, so the screen can show
 * its first page while the rest of a 100,000-user answer is on its way.
 */
export async function fetchUserList(status: ListStatus, onFirst: (rows: User[]) => void = () => {}): Promise<User[]> {
  const path = status === 'active' ? '/api/v1/user/list/active' : '/api/v1/user/list/inactive';
  const { response } = await api().GET(path, { parseAs: 'stream', middleware: [withLoading()] });
  const rows = response.body ? await readJsonArray<User>(response.body, FIRST_ROWS, onFirst) : [];
  performance.mark(MARK_LIST_DATA);
  return rows;
}

/** The user, with its version where the backend gives one (lib/api/versions.ts). */
export async function fetchUser(uuid: string): Promise<User> {
  const { data, response } = await api().GET('/api/v1/user/{uuid}', {
    params: { path: { uuid } },
    middleware: [withLoading()],
  });
  return rememberVersion(data as User, response);
}

/** The element categories of the user form (spec §3 "User element config"): loaded once per sign-in. */
export const elementConfig = createDataCache('the user element config', async (): Promise<UserElementConfig[]> => {
  const { data } = await api().GET('/api/v1/user/config');
  return data ?? [];
});

/** What a user ends up with, resolved by the server (x-designed). */
export type EffectiveAccess = components['schemas']['EffectiveAccess'];
/** How a role or element reaches the user: their business profile, then one of its application profiles. */
export type Grant = components['schemas']['Grant'];
export type Named = components['schemas']['NamedRef'];

/**
 * The user's effective access: the extension's answer where the backend offers
 * it, else worked out from spec §7 calls; a 404 (the user gone or
 * hidden) is the tab's business.
 */
export async function fetchEffectiveAccess(uuid: string, layoutCodes: readonly string[]): Promise<EffectiveAccess> {
  return extensionOrDerived(
    'getEffectiveAccess',
    async (middleware) => {
      const { data } = await api().GET('/api/v1/user/{uuid}/effectiveAccess', {
        params: { path: { uuid } },
        middleware,
      });
      return data as EffectiveAccess;
    },
    async () => (await import('./effective-access-derived.ts')).deriveEffectiveAccess(uuid, layoutCodes),
  );
}

/** A user's failed sign-ins and open sessions (x-designed). */
export type UserSignIns = components['schemas']['UserSignIns'];
export type SignInSession = components['schemas']['SignInSession'];

/**
 * An extension (lib/extensions.ts): NotOfferedError when the backend does not
 * offer it; 403 (a user the caller may not change) is the panel's business.
 */
export async function fetchSignIns(uuid: string): Promise<UserSignIns> {
  return callExtension('getUserSignIns', async (offer) => {
    const { data } = await api().GET('/api/v1/user/{uuid}/signIns', {
      params: { path: { uuid } },
      middleware: [...offer, expectFailure(403)],
    });
    return data as UserSignIns;
  });
}

/** Unlock: the user's failed sign-ins are forgotten. Answers the sign-ins afterwards. */
export async function unlockUser(uuid: string): Promise<UserSignIns> {
  return callExtension('unlockUser', async (offer) => {
    const { data } = await api().POST('/api/v1/user/{uuid}/unlock', {
      params: { path: { uuid } },
      middleware: [withLoading(), ...offer, expectFailure(403, 404)],
    });
    return data as UserSignIns;
  });
}

/** Sign out everywhere: every session and token of the user ends. Answers the sign-ins afterwards. */
export async function signOutEverywhere(uuid: string): Promise<UserSignIns> {
  return callExtension('logoutUserEverywhere', async (offer) => {
    const { data } = await api().POST('/api/v1/user/{uuid}/logoutAll', {
      params: { path: { uuid } },
      middleware: [withLoading(), ...offer, expectFailure(403, 404)],
    });
    return data as UserSignIns;
  });
}

/** Sign out of one session: it and its tokens end; the user's other sessions go on. Answers the sign-ins afterwards. */
export async function signOutSession(uuid: string, sessionId: string): Promise<UserSignIns> {
  return callExtension('logoutUserSession', async (offer) => {
    const { data } = await api().POST('/api/v1/user/{uuid}/sessions/{sessionId}/logout', {
      params: { path: { uuid, sessionId } },
      middleware: [withLoading(), ...offer, expectFailure(403, 404)],
    });
    return data as UserSignIns;
  });
}

/**
 * Saves a user. `etag`: the version the editor read (If-Match, an extension): a
 * user changed since is refused with 412, the editor's business.
 */
export async function saveUser(user: UserInput, clonedId: string | null, etag: string | null = null): Promise<User> {
  const { data, response } = await api().POST('/api/v1/user/update', {
    body: { user, ...(clonedId ? { clonedId } : {}) },
    ...(etag ? { params: { header: { 'If-Match': etag } } } : {}),
    middleware: [withLoading(), expectFailure(412)],
  });
  return rememberVersion(data as User, response);
}

/** Activates or inactivates; answers the list the user moved into. */
export async function setUserActive(user: User, active: boolean): Promise<User[]> {
  const path = active ? '/api/v1/user/activate' : '/api/v1/user/inactivate';
  const { data } = await api().POST(path, { body: user, middleware: [withLoading()] });
  return data ?? [];
}

/** A 401 is answered with the pull's own failure message (spec §8 Users), not 'Session Timed Out' as well. */
export async function pullUsers(): Promise<number> {
  const { data } = await api().GET('/api/v1/user/pullUsers', { middleware: [expectFailure(401)] });
  return data ?? 0;
}

export async function sendPasswordReset(user: User): Promise<void> {
  await api().POST('/api/v1/password/reset', { body: user, middleware: [withLoading()] });
}

export type ExportKind = 'all' | 'active' | 'inactive';

const EXPORT_PATHS = {
  all: '/api/v1/user/export',
  active: '/api/v1/user/export/active',
  inactive: '/api/v1/user/export/inactive',
} as const;

const EXPORT_NAMES: Record<ExportKind, string> = {
  all: 'users.csv',
  active: 'active-users.csv',
  inactive: 'inactive-users.csv',
};

/** The CSV and its file name (from Content-Disposition when the server names one). */
export async function exportUsers(kind: ExportKind): Promise<{ blob: Blob; fileName: string }> {
  const { data, response } = await api().GET(EXPORT_PATHS[kind], { parseAs: 'blob', middleware: [withLoading()] });
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const named = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: data as Blob, fileName: named ?? EXPORT_NAMES[kind] };
}

/** POST /user/import (multipart field `users`), reporting upload progress as a fraction 0..1. */
export async function importUsers(file: File, onProgress: (fraction: number) => void): Promise<ImportResult> {
  const form = new FormData();
  form.append('users', file, file.name);
  let request = new Request(`${getConfig().apiBaseUrl}/api/v1/user/import`, { method: 'POST' });
  const params = { request, id: `import-${Date.now()}`, schemaPath: '/api/v1/user/import' } as MiddlewareCallbackParams;
  request = ((await requestHeaders(browserDeps).onRequest?.(params)) as Request | undefined) ?? request;

  const xhr = new XMLHttpRequest();
  const done = new Promise<void>((resolve, reject) => {
    xhr.onload = () => resolve();
    xhr.onerror = () => reject(new TypeError('Network error during upload'));
    xhr.onabort = () => reject(new TypeError('Upload aborted'));
  });
  xhr.upload.onprogress = (event) => {
    if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
  };
  xhr.open('POST', request.url);
  for (const [name, value] of request.headers) xhr.setRequestHeader(name, value);
  xhr.send(form);
  await done;
  onProgress(1);

  const headers = new Headers();
  const contentType = xhr.getResponseHeader('Content-Type');
  if (contentType) headers.set('Content-Type', contentType);
  const response = new Response(xhr.responseText, { status: xhr.status, headers });
  if (!response.ok) {
    // The same global handling as every other call; it throws an ApiError.
    await globalErrors(browserDeps).onResponse?.({ ...params, request, response, options: {} } as never);
  }
  return (await response.json()) as ImportResult;
}
