// The visibility profile rules of spec §4 as pure functions: each takes the
// current selection and answers the next one plus the message the user sees.
// The valtio draft (visibility-draft.ts) applies them.
import { visibilityMessages as vm } from '@userprofile/shared/messages';
import { type ClusterIndex, descendantCount, subtreeIds } from './cluster-index.ts';

export interface Notice {
  kind: 'info' | 'warning';
  text: string;
}

export interface ClusterSelection {
  clusters: ReadonlySet<string>;
  /** The primary visibility: one of the clusters, or null. */
  primary: string | null;
}

export interface RuleResult<S> {
  state: S;
  notice: Notice | null;
}

/** Adding a cluster adds all its children; the first cluster added becomes the primary when none is set. */
export function addCluster(index: ClusterIndex, state: ClusterSelection, uuid: string): RuleResult<ClusterSelection> {
  const i = index.at.get(uuid);
  if (i === undefined) return { state, notice: null };
  const clusters = new Set(state.clusters);
  for (const id of subtreeIds(index, i)) clusters.add(id);
  const name = index.name[i] as string;
  const children = descendantCount(index, i);
  return {
    state: { clusters, primary: state.primary ?? uuid },
    notice: { kind: 'info', text: children > 0 ? vm.clusterAddedWithChildren(name, children) : vm.clusterAdded(name) },
  };
}

/** Removing a cluster removes all its children; the primary visibility (or a cluster holding it) cannot be removed. */
export function removeCluster(
  index: ClusterIndex,
  state: ClusterSelection,
  uuid: string,
): RuleResult<ClusterSelection> {
  const i = index.at.get(uuid);
  if (i === undefined) return { state, notice: null };
  const ids = subtreeIds(index, i);
  if (state.primary !== null && ids.includes(state.primary)) {
    const primaryAt = index.at.get(state.primary) as number;
    return {
      state,
      notice: { kind: 'warning', text: vm.primaryVisibilityNotRemovable(index.name[primaryAt] as string) },
    };
  }
  const clusters = new Set(state.clusters);
  for (const id of ids) clusters.delete(id);
  const name = index.name[i] as string;
  const children = ids.length - 1;
  return {
    state: { clusters, primary: state.primary },
    notice: {
      kind: 'info',
      text: children > 0 ? vm.clusterRemovedWithChildren(name, children) : vm.clusterRemoved(name),
    },
  };
}

export function toggleCluster(
  index: ClusterIndex,
  state: ClusterSelection,
  uuid: string,
): RuleResult<ClusterSelection> {
  return state.clusters.has(uuid) ? removeCluster(index, state, uuid) : addCluster(index, state, uuid);
}

/** Choosing a primary visibility adds it (as any added cluster, with its children); choosing none clears it. */
export function choosePrimary(
  index: ClusterIndex,
  state: ClusterSelection,
  uuid: string | null,
): RuleResult<ClusterSelection> {
  if (uuid === null) return { state: { clusters: state.clusters, primary: null }, notice: null };
  if (state.clusters.has(uuid)) return { state: { clusters: state.clusters, primary: uuid }, notice: null };
  const added = addCluster(index, state, uuid);
  return { state: { clusters: added.state.clusters, primary: uuid }, notice: added.notice };
}

/**
 * Add All / Remove All acts on whether anything is selected: with nothing
 * selected it adds every cluster (the first root becoming the primary when
 * none is set); otherwise it removes every cluster, the primary choice with them.
 */
export function toggleAllClusters(index: ClusterIndex, state: ClusterSelection): ClusterSelection {
  if (state.clusters.size > 0) return { clusters: new Set(), primary: null };
  return { clusters: new Set(index.uuid), primary: state.primary ?? index.uuid[0] ?? null };
}

/**
 * Add All / Remove All of an element list, over the elements shown (the
 * filter's): when any of them is selected they are all removed, else all added.
 */
export function toggleAllElements(selected: ReadonlySet<string>, shown: readonly string[]): Set<string> {
  const next = new Set(selected);
  if (shown.some((id) => selected.has(id))) for (const id of shown) next.delete(id);
  else for (const id of shown) next.add(id);
  return next;
}

export function toggleElement(selected: ReadonlySet<string>, uuid: string): Set<string> {
  const next = new Set(selected);
  if (!next.delete(uuid)) next.add(uuid);
  return next;
}

export interface GroupSelection {
  groups: ReadonlySet<string>;
  defaultGroup: string | null;
}

/** The 'Default' toggle: selecting makes the group the default and adds it; selecting it again clears the default. */
export function toggleDefaultGroup(state: GroupSelection, uuid: string): GroupSelection {
  if (state.defaultGroup === uuid) return { groups: state.groups, defaultGroup: null };
  return { groups: new Set(state.groups).add(uuid), defaultGroup: uuid };
}

/** A group leaving the selection stops being the default (the server would add the default back). */
export function withGroups(state: GroupSelection, groups: ReadonlySet<string>): GroupSelection {
  return {
    groups,
    defaultGroup: state.defaultGroup !== null && groups.has(state.defaultGroup) ? state.defaultGroup : null,
  };
}

/** The elements whose name contains the filter (trimmed, case-insensitive). */
export function filterElements<T extends { name: string }>(elements: readonly T[], filter: string): readonly T[] {
  const query = filter.trim().toLowerCase();
  return query ? elements.filter((e) => e.name.toLowerCase().includes(query)) : elements;
}
