// Every route of spec §2, each pattern written once. The route tables
// (features/<area>/routes.ts) use the patterns; code and the end-to-end
// tests build links with the builders below, which fill the same patterns.
// Plain TypeScript with no browser or React import, so tests/ imports it too.
import { BASE_PATH } from '@userprofile/shared/constants';

/** The console's base path (spec §1, §9); wouter's base, and the prefix of every address. */
export { BASE_PATH };

/** wouter patterns, relative to BASE_PATH. */
export const paths = {
  loginStart: '/auth/login/user',
  authorize: '/authorize',
  callback: '/callback',
  selfCallback: '/selfcallback',
  logout: '/logout',
  forgotPassword: '/password/forgot',
  newPassword: '/password/new/:token',

  userList: '/user/list',
  userBulk: '/user/bulk',
  userNew: '/user/new',
  userEdit: '/user/edit/:uuid',

  appProfileList: '/profile/app/list',
  appProfileNew: '/profile/app/new',
  appProfileEdit: '/profile/app/edit/:uuid',
  businessProfileList: '/profile/business/list',
  businessProfileNew: '/profile/business/new',
  businessProfileEdit: '/profile/business/edit/:uuid',
  visibilityProfileList: '/profile/visibility/list',
  visibilityProfileNew: '/profile/visibility/new',
  visibilityProfileEdit: '/profile/visibility/edit/:uuid',

  applicationList: '/application/list',
  applicationNew: '/application/new',
  applicationEdit: '/application/edit/:uuid',
  /** Who holds one role or element of the application; the row and filters are in the query. */
  accessHolders: '/application/holders/:uuid',
  /** Check access; the user, application and row are in the query. */
  accessCheck: '/access/check',
  /** The activity log (an extension); the text query is in `?q=`. */
  activity: '/activity',
  /** The signed-in person's own account (an extension; who they are from GET /me where it is not offered). */
  account: '/account',
  /** Who must have a second factor: every administrator, per company (an extension; ERRIGAL_ADMIN). */
  factorPolicy: '/signInPolicy',

  authClientList: '/authClient/list',
  authClientNew: '/authClient/new',
  authClientEdit: '/authClient/edit/:uuid',

  forbidden: '/forbidden',
  notFound: '/notFound',
} as const;

export type RoutePattern = (typeof paths)[keyof typeof paths];

/** The `:name` parameters of a pattern. */
export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A pattern with its parameters filled in (each value URI-encoded). */
export function fillPath<P extends string>(pattern: P, params: Record<ParamsOf<P>, string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = (params as Record<string, string>)[name];
    if (value === undefined) throw new RangeError(`fillPath: ${pattern} needs :${name}`);
    return encodeURIComponent(value);
  });
}

/** The address of a console path, for a full page load or a test's page.goto. */
export const href = (path: string): string => BASE_PATH + path;

/** The empty path redirects here (spec §2). */
export const HOME_PATH = paths.userList;

// --- Link builders, derived from the patterns ------------------------------------

export const toLoginStart = () => paths.loginStart;
export const toLogout = () => paths.logout;
export const toForgotPassword = () => paths.forgotPassword;
/** A reset link's token with '.' written as '~' (spec §2: the page turns '~' back into '.'). */
export const toNewPassword = (token: string) => fillPath(paths.newPassword, { token: token.replace(/\./g, '~') });

export const toUserList = () => paths.userList;
export const toUserBulk = () => paths.userBulk;
export const toUserNew = () => paths.userNew;
export const toUserEdit = (uuid: string) => fillPath(paths.userEdit, { uuid });

export const toAppProfileList = () => paths.appProfileList;
export const toAppProfileNew = () => paths.appProfileNew;
export const toAppProfileEdit = (uuid: string) => fillPath(paths.appProfileEdit, { uuid });
export const toBusinessProfileList = () => paths.businessProfileList;
export const toBusinessProfileNew = () => paths.businessProfileNew;
export const toBusinessProfileEdit = (uuid: string) => fillPath(paths.businessProfileEdit, { uuid });
export const toVisibilityProfileList = () => paths.visibilityProfileList;
export const toVisibilityProfileNew = () => paths.visibilityProfileNew;
export const toVisibilityProfileEdit = (uuid: string) => fillPath(paths.visibilityProfileEdit, { uuid });

export const toApplicationList = () => paths.applicationList;
export const toApplicationNew = () => paths.applicationNew;
export const toApplicationEdit = (uuid: string) => fillPath(paths.applicationEdit, { uuid });

/** A path with these query parameters (empty ones left out). */
function withQuery(path: string, query: Readonly<Record<string, string | number | null | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The row an access question is about: a role or an element of an application. */
export type HeldRowRef = { role: string; element?: undefined } | { element: string; role?: undefined };

export interface HolderFilters {
  status?: 'all' | 'active' | 'inactive';
  q?: string;
  page?: number;
}

export const toAccessHolders = (applicationUuid: string, row: HeldRowRef, filters: HolderFilters = {}) =>
  withQuery(fillPath(paths.accessHolders, { uuid: applicationUuid }), {
    role: row.role,
    element: row.element,
    status: filters.status === 'all' ? undefined : filters.status,
    q: filters.q,
    page: filters.page === 1 ? undefined : filters.page,
  });

export interface AccessQuestion {
  user?: string | undefined;
  application?: string | undefined;
  role?: string | undefined;
  element?: string | undefined;
}

export const toAccessCheck = (question: AccessQuestion = {}) =>
  withQuery(paths.accessCheck, {
    user: question.user,
    application: question.application,
    role: question.role,
    element: question.element,
  });

/** The activity log showing the events a text query selects (`actor:alice kind:user`); none: every event. */
export const toActivity = (q = '') => withQuery(paths.activity, { q: q.trim() });

export const toAccount = () => paths.account;
export const toFactorPolicy = () => paths.factorPolicy;

export const toAuthClientList = () => paths.authClientList;
export const toAuthClientNew = () => paths.authClientNew;
export const toAuthClientEdit = (uuid: string) => fillPath(paths.authClientEdit, { uuid });

/**
 * The list an edit screen belongs to ('/user/edit/abc' → '/user/list'), or
 * null when the path is no edit screen: where a stale link to a record that is
 * gone sends the person back to.
 */
export function listOfEditPath(path: string): string | null {
  for (const [name, pattern] of Object.entries(paths) as [keyof typeof paths, string][]) {
    if (!name.endsWith('Edit')) continue;
    const re = new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);
    if (re.test(path)) return paths[name.replace(/Edit$/, 'List') as keyof typeof paths];
  }
  return null;
}

/** The record ids in the console's addresses (every `:uuid` above) are UUIDs: anything else names no record. */
export function isRecordId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/** The last segment of an edit address, when it is no record id at all (a mistyped or cut link). */
export function hasMalformedId(path: string): boolean {
  return listOfEditPath(path) !== null && !isRecordId(path.replace(/\/$/, '').split('/').pop() ?? '');
}

export const toForbidden = () => paths.forbidden;
export const toNotFound = () => paths.notFound;
