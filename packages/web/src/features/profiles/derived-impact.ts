// The impact preview worked out from spec §7 calls, for a backend
// without POST /profile/{app,business}/impact: the same answer the extension
// gives (who the change reaches, and the roles and elements they gain or
// lose), from the saved profile (GET /profile/{app,business}/get/{id}), the
// business profiles that use an application profile
// (GET /profile/app/{id}/businessProfiles), their users
// (GET /profile/business/{id}/users) and the applications' rows
// (GET /app/list). A business profile holds one application profile per
// application, so all its users gain and lose the same rows: the rows are
// compared once. The users are asked for only when there is something to
// confirm (a row gained or lost, or who may see the profile), so a
// description edit costs one call.
import type { components } from '@userprofile/shared/generated/api';
import { compareValues } from '@userprofile/shared/list';
import { api, expectFailure } from '../../lib/api/client.ts';
import { applications } from '../../lib/data/applications.ts';
import { mapLimited } from '../../lib/limited.ts';
import type { Application, ApplicationProfileInput } from './app-profile-form.ts';
import type { BusinessProfileInput } from './business-profile-form.ts';

// The document's shapes, as ./api.ts names them (that module calls this one: no import back).
type ProfileImpact = components['schemas']['ProfileImpact'];
type ImpactItem = components['schemas']['ImpactItem'];

/** Neither the extension nor the spec calls could say who a change reaches: the save asks plainly. */
export class NoPreviewError extends Error {
  override name = 'NoPreviewError';
  constructor(override readonly cause: unknown) {
    super('No impact preview is available');
  }
}

/** The rows (role and element uuids) some application profiles grant. */
export type Rows = ReadonlySet<string>;

/**
 * What users holding `before` and then `after` gain and lose, named from the
 * applications (rows the reader cannot see in them are not named), in the
 * extension's order: by application, then name.
 */
export function rowChanges(
  before: Rows,
  after: Rows,
  apps: readonly Application[],
): Pick<ProfileImpact, 'rolesGained' | 'rolesLost' | 'elementsGained' | 'elementsLost'> {
  const items = new Map<string, { item: ImpactItem; role: boolean }>();
  for (const app of apps) {
    const application = { uuid: app.uuid, name: app.name };
    const add = (row: Application['roles'][number], role: boolean) =>
      items.set(row.uuid, {
        role,
        item: {
          uuid: row.uuid,
          name: row.name,
          externalRole: row.externalRole,
          category: row.category ?? '',
          application,
        },
      });
    for (const row of app.roles) add(row, true);
    for (const row of app.elements) add(row, false);
  }
  const diff = (from: Rows, to: Rows, role: boolean) =>
    [...to]
      .filter((uuid) => !from.has(uuid))
      .flatMap((uuid) => {
        const known = items.get(uuid);
        return known && known.role === role ? [known.item] : [];
      })
      .sort((a, b) => compareValues(a.application.name, b.application.name) || compareValues(a.name, b.name));
  return {
    rolesGained: diff(before, after, true),
    rolesLost: diff(after, before, true),
    elementsGained: diff(before, after, false),
    elementsLost: diff(after, before, false),
  };
}

const grantsNothing = (rows: ReturnType<typeof rowChanges>) =>
  rows.rolesGained.length + rows.rolesLost.length + rows.elementsGained.length + rows.elementsLost.length === 0;

// A refusal here means "no preview", never the global not-found page or the reload message.
const quiet = () => [expectFailure(403, 404)];
const byUuid = (uuid: string) => ({ params: { path: { uuid } }, middleware: quiet() });

const rowsOf = (p: { roles?: { uuid: string }[] | null; elements?: { uuid: string }[] | null }): Set<string> =>
  new Set([...(p.roles ?? []), ...(p.elements ?? [])].map((r) => r.uuid));

async function appProfileRows(uuid: string): Promise<Set<string>> {
  const { data } = await api().GET('/api/v1/profile/app/get/{uuid}', byUuid(uuid));
  return rowsOf(data ?? {});
}

/** Active and inactive users of these business profiles (a user holds one). */
async function usersOf(businessProfiles: readonly string[]): Promise<{ active: number; inactive: number }> {
  const lists = await mapLimited(businessProfiles, 4, async (uuid) => {
    const { data } = await api().GET('/api/v1/profile/business/{uuid}/users', byUuid(uuid));
    return data ?? [];
  });
  let active = 0;
  let inactive = 0;
  for (const u of lists.flat()) {
    if (u.active) active++;
    else inactive++;
  }
  return { active, inactive };
}

async function impactOf(
  before: Rows,
  after: Rows,
  reached: () => Promise<string[]>,
  audienceChanged: boolean,
): Promise<ProfileImpact> {
  const rows = rowChanges(before, after, await applications.load());
  if (grantsNothing(rows) && !audienceChanged) {
    return { activeUsers: 0, inactiveUsers: 0, businessProfiles: 0, ...rows };
  }
  const through = await reached();
  const users = await usersOf(through);
  return { activeUsers: users.active, inactiveUsers: users.inactive, businessProfiles: through.length, ...rows };
}

const none = (): ProfileImpact => ({
  activeUsers: 0,
  inactiveUsers: 0,
  businessProfiles: 0,
  rolesGained: [],
  rolesLost: [],
  elementsGained: [],
  elementsLost: [],
});

/** The preview of an application profile save, from spec calls; NoPreviewError when they cannot tell. */
export async function deriveAppProfileImpact(
  body: ApplicationProfileInput,
  audienceChanged: boolean,
): Promise<ProfileImpact> {
  const uuid = body.uuid;
  if (!uuid) return none();
  try {
    return await impactOf(
      await appProfileRows(uuid),
      rowsOf(body),
      async () => {
        const { data } = await api().GET('/api/v1/profile/app/{uuid}/businessProfiles', byUuid(uuid));
        return (data ?? []).map((bp) => bp.uuid);
      },
      audienceChanged,
    );
  } catch (error) {
    throw new NoPreviewError(error);
  }
}

/** The preview of a business profile save, from spec calls; NoPreviewError when they cannot tell. */
export async function deriveBusinessProfileImpact(
  body: BusinessProfileInput,
  audienceChanged: boolean,
): Promise<ProfileImpact> {
  const uuid = body.uuid;
  if (!uuid) return none();
  try {
    const { data: saved } = await api().GET('/api/v1/profile/business/get/{uuid}', byUuid(uuid));
    const was = new Set((saved?.appProfiles ?? []).map((p) => p.uuid));
    const is = new Set(body.appProfiles.map((p) => p.uuid));
    // The application profiles kept grant the same rows before and after: only those that come or go are asked.
    const rowsOfAll = async (ids: string[]) => {
      const sets = await mapLimited(ids, 4, appProfileRows);
      return new Set(sets.flatMap((s) => [...s]));
    };
    const before = await rowsOfAll([...was].filter((id) => !is.has(id)));
    const after = await rowsOfAll([...is].filter((id) => !was.has(id)));
    return await impactOf(before, after, async () => [uuid], audienceChanged);
  } catch (error) {
    throw new NoPreviewError(error);
  }
}
