// Wire mapping the areas share: nested references ({ uuid, name }), the
// minimum role and company every scoped record carries, a business profile's
// application profiles, and the cluster forest. Each area's own views and
// inputs live beside its handlers.
import type { Store } from '../store/store.ts';
import type { AppProfileRecord, AppRow, ClusterRecord, ConsoleRole, NamedRecord, Scoped } from '../store/types.ts';
import type { S } from './context.ts';

const DEFAULT_ROLE: ConsoleRole = 'ADMIN';

function company(store: Store, uuid: string | null): S['CompanyRef'] {
  if (!uuid) return null;
  const c = store.companies.get(uuid);
  return c ? { uuid: c.uuid, name: c.name } : { uuid };
}

export function scoped(store: Store, r: Scoped) {
  return { minimumRole: { name: r.minimumRole }, errigalCustomerCompany: company(store, r.companyUuid) };
}

export function scopeInput(r: { minimumRole?: S['MinimumRole']; errigalCustomerCompany?: S['CompanyRef'] }): Scoped {
  return { minimumRole: r.minimumRole?.name ?? DEFAULT_ROLE, companyUuid: r.errigalCustomerCompany?.uuid ?? null };
}

export function ref(r: NamedRecord | undefined): S['NamedRef'] | null {
  return r ? { uuid: r.uuid, name: r.name } : null;
}

export function profileItem(row: AppRow): S['ProfileItem'] {
  return { uuid: row.uuid, name: row.name, externalRole: row.externalRole, category: row.category };
}

/** An application profile within a business profile; `sees`: the reader's rule for the element rows it names, so none hidden from the reader is named. */
export function businessAppProfileView(
  store: Store,
  ap: AppProfileRecord,
  sees: (r: Scoped) => boolean = () => true,
): S['BusinessAppProfile'] {
  const app = store.applications.get(ap.applicationUuid);
  const elements = new Set(ap.elements);
  return {
    uuid: ap.uuid,
    name: ap.name,
    application: { uuid: ap.applicationUuid, ...(app ? { name: app.name } : {}) },
    elements: (app?.elements ?? []).filter((e) => elements.has(e.uuid) && sees(e)).map(profileItem),
  };
}

/** The clusters whose uuid is in `chosen`, as a forest: a chosen node under its nearest chosen ancestor. */
export function clusterForest(store: Store, chosen: Set<string> | null): S['ClusterNode'][] {
  const all = store.visibility.clusters;
  const nodes = new Map<string, S['ClusterNode']>();
  const included = (c: ClusterRecord) => chosen === null || chosen.has(c.uuid);
  for (const c of all.values()) if (included(c)) nodes.set(c.uuid, { uuid: c.uuid, name: c.name, children: [] });
  const roots: S['ClusterNode'][] = [];
  for (const c of all.values()) {
    const node = nodes.get(c.uuid);
    if (!node) continue;
    let parent = c.parentUuid ? all.get(c.parentUuid) : undefined;
    while (parent && !nodes.has(parent.uuid)) parent = parent.parentUuid ? all.get(parent.parentUuid) : undefined;
    if (parent) nodes.get(parent.uuid)?.children.push(node);
    else roots.push(node);
  }
  return roots;
}
