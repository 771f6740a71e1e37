// A user's effective access worked out from spec §7 calls, for a
// backend that does not offer GET /user/{uuid}/effectiveAccess: the user's
// GET, the reader's application and profile lists, and the user's visibility
// profile's GET, walked by the same pure module as the dev backend's store
// (@userprofile/shared/access). The answer has the extension's shape, so the
// tab shows it with the same texts and layout.
import { effectiveVisibility, type VisibilityParts } from '@userprofile/shared/access/visibility';
import { effectiveApplications, isHiddenProfileReason, named } from '@userprofile/shared/access/walk';
import type { components } from '@userprofile/shared/generated/api';
import { accessWorldOf, readerLists, userProfileIn } from '../../lib/access-world.ts';
import { api, expectFailure } from '../../lib/api/client.ts';
import { isApiError } from '../../lib/api/errors.ts';

// The document's shapes (./api.ts calls this module: no import back).
type EffectiveAccess = components['schemas']['EffectiveAccess'];
type VisibilityProfile = components['schemas']['VisibilityProfile'];
type ClusterNode = components['schemas']['ClusterNode'];

/** The visibility profile's GET; null when the reader may not read it (403) or it is hidden (404). */
async function visibilityProfile(uuid: string): Promise<VisibilityProfile | null> {
  try {
    const { data } = await api().GET('/api/v1/profile/visibility/get/{uuid}', {
      params: { path: { uuid } },
      middleware: [expectFailure(403, 404)],
    });
    return data ?? null;
  } catch (error) {
    if (isApiError(error, 403) || isApiError(error, 404)) return null;
    throw error;
  }
}

/** The chosen clusters of a profile's forest (each under its nearest chosen ancestor), with their parents. */
function clustersOf(forest: readonly ClusterNode[]): Pick<VisibilityParts, 'clusters' | 'cluster'> {
  const nodes = new Map<string, { uuid: string; name: string; parentUuid: string | null }>();
  const walk = (list: readonly ClusterNode[], parentUuid: string | null) => {
    for (const node of list) {
      nodes.set(node.uuid, { uuid: node.uuid, name: node.name, parentUuid });
      walk(node.children, node.uuid);
    }
  };
  walk(forest, null);
  return { clusters: [...nodes.keys()], cluster: (uuid) => nodes.get(uuid) };
}

function partsOf(vp: VisibilityProfile): VisibilityParts {
  return {
    profile: named(vp),
    primary: vp.primaryVisibility ? named(vp.primaryVisibility) : null,
    carriers: vp.carriers,
    ...clustersOf(vp.clusters),
    clusterGroups: vp.clusterGroups,
    defaultClusterGroupUuid: vp.defaultClusterGroup?.uuid ?? null,
    networkGroups: vp.networkGroups,
    neAttributes: vp.neAttributes,
    venues: vp.venues,
  };
}

/** The effective access of the user `uuid`, derived; a 404 of the user's GET is the tab's business, as the extension's. */
export async function deriveEffectiveAccess(uuid: string, layoutCodes: readonly string[]): Promise<EffectiveAccess> {
  const { data } = await api().GET('/api/v1/user/{uuid}', {
    params: { path: { uuid } },
    middleware: [expectFailure(404)],
  });
  const user = data as NonNullable<typeof data>;
  const [lists, vp] = await Promise.all([
    readerLists(),
    user.visibilityProfile ? visibilityProfile(user.visibilityProfile.uuid) : Promise.resolve(null),
  ]);
  const world = accessWorldOf(lists, user);
  const bp = userProfileIn(world, user);
  const seen = bp && bp !== 'hidden' ? bp : null;
  const values = { elements: (user.elements ?? []).map((e) => ({ uuid: e.uuid, actualValue: e.actualValue ?? null })) };
  const visibility = vp
    ? effectiveVisibility(partsOf(vp), layoutCodes)
    : { ...effectiveVisibility(null, layoutCodes), profile: user.visibilityProfile ?? null };
  return {
    user: { uuid: user.uuid, username: user.username, active: user.active },
    businessProfile: seen ? named(seen) : null,
    // The user's GET says when it withholds a profile (either kind): the extension's `withheld`.
    ...(bp === 'hidden' || isHiddenProfileReason(user.readOnlyReason) ? { withheld: true as const } : {}),
    applications: seen ? effectiveApplications(world, values, seen) : [],
    visibility,
  };
}
