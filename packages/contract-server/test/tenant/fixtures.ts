// Records of the tenant tests: for each kind of scoped record, one of the
// customer admin's company (A), one of the SCO admin's company (B) and one
// without a company (provider level), each with its dependants in the same
// place, so what a write may do depends only on who calls and where the
// record lives. Plus the calls that build request bodies from records.
import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { Store } from '../../src/store/store.ts';
import type {
  AppProfileRecord,
  BusinessProfileRecord,
  ConsoleRole,
  UserRecord,
  VisibilityProfileRecord,
} from '../../src/store/types.ts';
import { CUSTOMER, SCO } from '../helpers.ts';

export type Column = 'A' | 'B' | 'none';
export const COLUMNS: readonly Column[] = ['A', 'B', 'none'];

export interface Fixture {
  companyUuid: string | null;
  ap: AppProfileRecord;
  bp: BusinessProfileRecord;
  vp: VisibilityProfileRecord;
  user: UserRecord;
}

export function companyUuidOf(store: Store, column: Column): string | null {
  if (column === 'none') return null;
  return store.findUserByUsername(column === 'A' ? CUSTOMER : SCO)!.companyUuid;
}

/** Adds one fixture per column to the store (no rules checked, as the seed does). */
export function addFixtures(store: Store): Record<Column, Fixture> {
  const alarm = store.applications.findByName('Alarm Manager')!;
  const role = alarm.roles.find((r) => r.name === 'ALARM_OPERATOR')!;
  const cluster = [...store.visibility.clusters.values()].find((c) => c.parentUuid === null)!;
  const out = {} as Record<Column, Fixture>;
  for (const column of COLUMNS) {
    const companyUuid = companyUuidOf(store, column);
    // A SCO_ADMIN record needs a company (spec §2 Visible To): the provider-level ones are ADMIN.
    const minimumRole: ConsoleRole = column === 'none' ? 'ADMIN' : 'SCO_ADMIN';
    const scope = { minimumRole, companyUuid };
    const ap: AppProfileRecord = {
      uuid: randomUUID(),
      name: `Tenant App Profile ${column}`,
      description: 'fixture',
      applicationUuid: alarm.uuid,
      ...scope,
      roles: [role.uuid],
      elements: [],
    };
    const bp: BusinessProfileRecord = {
      uuid: randomUUID(),
      name: `Tenant Business Profile ${column}`,
      description: 'fixture',
      ...scope,
      appProfiles: [ap.uuid],
    };
    const vp: VisibilityProfileRecord = {
      uuid: randomUUID(),
      name: `Tenant Visibility ${column}`,
      description: 'fixture',
      ...scope,
      primaryVisibilityUuid: cluster.uuid,
      carriers: [],
      clusters: [cluster.uuid],
      defaultClusterGroupUuid: null,
      clusterGroups: [],
      neAttributes: [],
      networkGroups: [],
      venues: [],
    };
    const user: UserRecord = {
      uuid: randomUUID(),
      username: `tenant.${column.toLowerCase()}`,
      email: `tenant.${column.toLowerCase()}@example.com`,
      firstName: 'Tenant',
      lastName: column,
      deskPhone: null,
      mobilePhone: null,
      active: true,
      locationUuid: null,
      businessProfileUuid: bp.uuid,
      visibilityProfileUuid: vp.uuid,
      ...scope,
      elements: [],
      passwordHash: null,
      passwordHistory: [],
      layoutCodes: [],
    };
    store.appProfiles.set(ap);
    store.businessProfiles.set(bp);
    store.visibilityProfiles.set(vp);
    store.insertUser(user);
    out[column] = { companyUuid, ap, bp, vp, user };
  }
  return out;
}

// ------------------------------------------------------------ request bodies

const scopeBody = (store: Store, r: { minimumRole: ConsoleRole; companyUuid: string | null }) => ({
  minimumRole: { name: r.minimumRole },
  errigalCustomerCompany: r.companyUuid
    ? { uuid: r.companyUuid, name: store.companies.get(r.companyUuid)!.name }
    : null,
});

export function userBody(store: Store, u: UserRecord, change: Partial<UserRecord> = {}) {
  const v = { ...u, ...change };
  const bp = v.businessProfileUuid ? store.businessProfiles.get(v.businessProfileUuid) : undefined;
  const vp = v.visibilityProfileUuid ? store.visibilityProfiles.get(v.visibilityProfileUuid) : undefined;
  return {
    uuid: v.uuid,
    username: v.username,
    email: v.email,
    firstName: v.firstName,
    lastName: v.lastName,
    active: v.active,
    businessProfile: bp ? { uuid: bp.uuid, name: bp.name } : null,
    visibilityProfile: vp ? { uuid: vp.uuid, name: vp.name } : null,
    ...scopeBody(store, v),
    elements: v.elements.map((e) => ({
      uuid: e.uuid,
      name: e.actualValue,
      category: [...store.applications.values()].flatMap((a) => a.elements).find((r) => r.uuid === e.uuid)!.category,
      actualValue: e.actualValue,
    })),
  };
}

export function appProfileBody(store: Store, p: AppProfileRecord, change: Partial<AppProfileRecord> = {}) {
  const v = { ...p, ...change };
  return {
    uuid: v.uuid,
    name: v.name,
    description: v.description,
    application: { uuid: v.applicationUuid, name: store.applications.get(v.applicationUuid)!.name },
    ...scopeBody(store, v),
    roles: v.roles.map((uuid) => ({ uuid })),
    elements: v.elements.map((uuid) => ({ uuid })),
  };
}

export function businessProfileBody(
  store: Store,
  p: BusinessProfileRecord,
  change: Partial<BusinessProfileRecord> = {},
) {
  const v = { ...p, ...change };
  return {
    uuid: v.uuid,
    name: v.name,
    description: v.description,
    ...scopeBody(store, v),
    appProfiles: v.appProfiles.map((uuid) => {
      const ap = store.appProfiles.get(uuid)!;
      return { uuid, name: ap.name, application: { uuid: ap.applicationUuid } };
    }),
  };
}

export function visibilityProfileBody(
  store: Store,
  p: VisibilityProfileRecord,
  change: Partial<VisibilityProfileRecord> = {},
) {
  const v = { ...p, ...change };
  const cluster = (uuid: string) => ({ uuid, name: store.visibility.clusters.get(uuid)!.name, children: [] });
  return {
    uuid: v.uuid,
    name: v.name,
    description: v.description,
    ...scopeBody(store, v),
    primaryVisibility: v.primaryVisibilityUuid
      ? { uuid: v.primaryVisibilityUuid, name: store.visibility.clusters.get(v.primaryVisibilityUuid)!.name }
      : null,
    clusters: v.clusters.map(cluster),
  };
}

/** What every user may do: console roles, offered elements and visibility profile, by username. */
export function accessOfAll(store: Store): Record<string, string> {
  const out: Record<string, string> = {};
  for (const u of store.users.values()) {
    out[u.username] = JSON.stringify([
      u.active,
      store.rolesGrantedBy(u.businessProfileUuid).sort(),
      [...store.elementsOffered(u.businessProfileUuid).keys()].sort(),
      u.visibilityProfileUuid,
    ]);
  }
  return out;
}

/** The CSV of one user as the export writes it, with `change` applied. */
export function userCsv(store: Store, u: UserRecord, change: Partial<UserRecord> = {}): string {
  const v = { ...u, ...change };
  const name = (map: { get(id: string): { name: string } | undefined }, id: string | null) =>
    (id && map.get(id)?.name) || '';
  return stringify(
    [
      [
        'username',
        'email',
        'firstName',
        'lastName',
        'active',
        'businessProfile',
        'visibilityProfile',
        'minimumRole',
        'errigalCustomerCompany',
        ...store.userElementConfig.map((c) => c.category),
      ],
      [
        v.username,
        v.email,
        v.firstName,
        v.lastName,
        String(v.active),
        name(store.businessProfiles, v.businessProfileUuid),
        name(store.visibilityProfiles, v.visibilityProfileUuid),
        v.minimumRole,
        name(store.companies, v.companyUuid),
        ...store.userElementConfig.map((c) => {
          const rows = [...store.applications.values()].flatMap((a) => a.elements);
          const chosen = v.elements.find((e) => rows.find((r) => r.uuid === e.uuid)?.category === c.category);
          return chosen?.actualValue ?? '';
        }),
      ],
    ],
    { record_delimiter: 'windows' },
  );
}

/**
 * Two users of company B (sco.admin's) at minimum role SCO_ADMIN, so sco.admin
 * sees both, who hold ADMIN through their business profile: one through a
 * profile sco.admin cannot see (minimum role ADMIN), one through a profile
 * it sees (minimum role SCO_ADMIN). Added as the seed adds records.
 */
export function addAdminRoleUsers(store: Store, fx: Record<Column, Fixture>): { hidden: UserRecord; seen: UserRecord } {
  const up = store.applications.findByName('User Profile')!;
  const admin = up.roles.find((r) => r.name === 'ADMIN')!;
  const companyUuid = fx.B.companyUuid;
  const make = (key: 'hidden' | 'seen', minimumRole: ConsoleRole): UserRecord => {
    const ap: AppProfileRecord = {
      ...fx.B.ap,
      uuid: randomUUID(),
      name: `Tenant B Admin Role ${key}`,
      applicationUuid: up.uuid,
      minimumRole,
      companyUuid,
      roles: [admin.uuid],
    };
    const bp: BusinessProfileRecord = {
      ...fx.B.bp,
      uuid: randomUUID(),
      name: `Tenant B Administrators ${key}`,
      minimumRole,
      companyUuid,
      appProfiles: [ap.uuid, fx.B.ap.uuid],
    };
    const user: UserRecord = {
      ...fx.B.user,
      uuid: randomUUID(),
      username: `tenant.b.admin.${key}`,
      email: `tenant.b.admin.${key}@example.com`,
      businessProfileUuid: bp.uuid,
      passwordHash: null,
      passwordHistory: [],
      layoutCodes: [],
    };
    store.appProfiles.set(ap);
    store.businessProfiles.set(bp);
    store.insertUser(user);
    return user;
  };
  return { hidden: make('hidden', 'ADMIN'), seen: make('seen', 'SCO_ADMIN') };
}
