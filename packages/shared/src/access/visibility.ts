// The visibility part of effective access: what the user sees of
// the network through the visibility profile, with its clusters as the roots
// of the chosen subtrees. One pure function for the dev backend's store and
// the console's fallback on a spec-only backend, each giving the profile's
// parts named, so that both answer alike.
import { byName, type Named, subtreeRoots } from './walk.ts';

export interface EffectiveVisibility {
  profile: Named | null;
  primary: Named | null;
  carriers: Named[];
  /** Roots of the chosen subtrees; descendants = chosen clusters below each. */
  clusters: (Named & { descendants: number })[];
  clusterGroups: (Named & { default: boolean })[];
  networkGroups: Named[];
  neAttributes: Named[];
  venues: Named[];
}

/** A visibility profile with its parts named. */
export interface VisibilityParts {
  profile: Named;
  primary: Named | null;
  carriers: readonly Named[];
  /** The chosen clusters and how to find one (with its parent) by uuid. */
  clusters: readonly string[];
  cluster: (uuid: string) => (Named & { parentUuid: string | null }) | undefined;
  clusterGroups: readonly Named[];
  defaultClusterGroupUuid: string | null;
  networkGroups: readonly Named[];
  neAttributes: readonly Named[];
  venues: readonly Named[];
}

export const NO_VISIBILITY: EffectiveVisibility = {
  profile: null,
  primary: null,
  carriers: [],
  clusters: [],
  clusterGroups: [],
  networkGroups: [],
  neAttributes: [],
  venues: [],
};

const sorted = (rows: readonly Named[]) => rows.map((r) => ({ uuid: r.uuid, name: r.name })).sort(byName);

/**
 * The effective visibility of a profile the reader sees (null: none, or
 * withheld). NE attributes and venues need the reader's layout code (spec §6:
 * NEA, VEN), as in the visibility profile's answer.
 */
export function effectiveVisibility(
  parts: VisibilityParts | null,
  layoutCodes: readonly string[],
): EffectiveVisibility {
  if (!parts) return NO_VISIBILITY;
  return {
    profile: { uuid: parts.profile.uuid, name: parts.profile.name },
    primary: parts.primary ? { uuid: parts.primary.uuid, name: parts.primary.name } : null,
    carriers: sorted(parts.carriers),
    clusters: subtreeRoots(parts.clusters, parts.cluster),
    clusterGroups: sorted(parts.clusterGroups).map((g) => ({
      ...g,
      default: g.uuid === parts.defaultClusterGroupUuid,
    })),
    networkGroups: sorted(parts.networkGroups),
    neAttributes: layoutCodes.includes('NEA') ? sorted(parts.neAttributes) : [],
    venues: layoutCodes.includes('VEN') ? sorted(parts.venues) : [],
  };
}
