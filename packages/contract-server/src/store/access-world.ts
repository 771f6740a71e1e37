// The store as one reader may know it, for the access logic of
// @userprofile/shared/access/walk (the same walk the console runs on what spec
// §7 calls answer): a record the caller cannot see is 'hidden', an
// application answers the rows the caller sees. The row and profile indexes
// are built once per store version, so the answers walk from a row to the
// profiles that grant it instead of scanning every profile.
import type { AccessApplication, AccessWorld, Seen } from '@userprofile/shared/access/walk';
import { type Caller, canSee } from './access.ts';
import type { Store } from './store.ts';
import type { AppProfileRecord, BusinessProfileRecord, Scoped } from './types.ts';

interface AccessIndex {
  version: number;
  /** Row uuid → application profiles that include it. */
  appProfilesByRow: Map<string, AppProfileRecord[]>;
  /** Application profile uuid → business profiles that use it. */
  businessProfilesByAppProfile: Map<string, BusinessProfileRecord[]>;
}

const indexes = new WeakMap<Store, AccessIndex>();

function indexOf(store: Store): AccessIndex {
  const known = indexes.get(store);
  if (known && known.version === store.version) return known;
  const appProfilesByRow = new Map<string, AppProfileRecord[]>();
  for (const ap of store.appProfiles.values()) {
    for (const id of [...ap.roles, ...ap.elements]) {
      const list = appProfilesByRow.get(id);
      if (list) list.push(ap);
      else appProfilesByRow.set(id, [ap]);
    }
  }
  const businessProfilesByAppProfile = new Map<string, BusinessProfileRecord[]>();
  for (const bp of store.businessProfiles.values()) {
    for (const id of bp.appProfiles) {
      const list = businessProfilesByAppProfile.get(id);
      if (list) list.push(bp);
      else businessProfilesByAppProfile.set(id, [bp]);
    }
  }
  const index: AccessIndex = { version: store.version, appProfilesByRow, businessProfilesByAppProfile };
  indexes.set(store, index);
  return index;
}

/** The store as the caller may know it. */
export function accessWorld(store: Store, caller: Caller): AccessWorld {
  const seen = <T extends Scoped>(r: T | undefined): Seen<T> => (r ? (canSee(caller, r) ? r : 'hidden') : undefined);
  const apps = new Map<string, AccessApplication | undefined>();
  return {
    businessProfile: (uuid) => seen(store.businessProfiles.get(uuid)),
    appProfile: (uuid) => seen(store.appProfiles.get(uuid)),
    application(uuid) {
      if (apps.has(uuid)) return apps.get(uuid);
      const app = store.applications.get(uuid);
      const view = app && {
        uuid: app.uuid,
        name: app.name,
        roles: app.roles.filter((r) => canSee(caller, r)),
        elements: app.elements.filter((r) => canSee(caller, r)),
      };
      apps.set(uuid, view);
      return view;
    },
    appProfilesWithRow: (row) => (indexOf(store).appProfilesByRow.get(row) ?? []).filter((ap) => canSee(caller, ap)),
    applicationOfHidden: (uuid) => store.appProfiles.get(uuid)?.applicationUuid,
    businessProfilesUsing: (ap) =>
      (indexOf(store).businessProfilesByAppProfile.get(ap) ?? []).filter((bp) => canSee(caller, bp)),
  };
}
