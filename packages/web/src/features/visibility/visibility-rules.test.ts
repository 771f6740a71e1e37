import { describe, expect, it } from 'vitest';
import {
  buildClusterIndex,
  type ClusterNode,
  chosenForest,
  filterMatches,
  initiallyExpanded,
  selectedDescendantCounts,
  visibleRows,
} from './cluster-index.ts';
import {
  addCluster,
  choosePrimary,
  filterElements,
  removeCluster,
  toggleAllClusters,
  toggleAllElements,
  toggleCluster,
  toggleDefaultGroup,
  withGroups,
} from './visibility-rules.ts';

const node = (uuid: string, ...children: ClusterNode[]): ClusterNode => ({ uuid, name: `N ${uuid}`, children });
// r1 ─ a ─ a1, a2 ─ a2x ; r1 ─ b ; r2
const forest = [node('r1', node('a', node('a1'), node('a2', node('a2x'))), node('b')), node('r2')];
const index = buildClusterIndex(forest);
const none = { clusters: new Set<string>(), primary: null };
const ids = (set: ReadonlySet<string>) => [...set].sort();

describe('the cluster index', () => {
  it('flattens the forest in pre-order with levels, parents, subtree ends and sibling positions', () => {
    expect(index.uuid).toEqual(['r1', 'a', 'a1', 'a2', 'a2x', 'b', 'r2']);
    expect([...index.level]).toEqual([1, 2, 3, 3, 4, 2, 1]);
    expect([...index.parent]).toEqual([-1, 0, 1, 1, 3, 0, -1]);
    expect([...index.end]).toEqual([6, 5, 3, 5, 5, 6, 7]);
    expect([...index.posInSet]).toEqual([1, 1, 1, 2, 1, 2, 2]);
    expect([...index.setSize]).toEqual([2, 2, 2, 2, 1, 2, 2]);
  });

  it('nodes deeper than depth 1 start collapsed: only the roots are open', () => {
    const open = initiallyExpanded(index, 1);
    expect(ids(open)).toEqual(['r1', 'r2']);
    expect([...visibleRows(index, open, null)].map((i) => index.uuid[i])).toEqual(['r1', 'a', 'b', 'r2']);
  });

  it('counts the selected descendants of every node', () => {
    const counts = selectedDescendantCounts(index, new Set(['a2x', 'a1', 'b']));
    expect([...counts]).toEqual([3, 2, 0, 1, 0, 0, 0]);
  });

  it('a filter keeps the matches and their ancestors, opened, case-insensitively and trimmed', () => {
    const filter = filterMatches(index, '  n A2X ');
    expect(filter?.matches).toBe(1);
    expect([...visibleRows(index, new Set(), filter)].map((i) => index.uuid[i])).toEqual(['r1', 'a', 'a2', 'a2x']);
    expect(filterMatches(index, '   ')).toBeNull();
  });

  it('gives the chosen clusters back as a forest under their nearest chosen ancestor', () => {
    expect(chosenForest(index, new Set(['r1', 'a2x', 'r2']))).toEqual([
      { uuid: 'r1', name: 'N r1', children: [{ uuid: 'a2x', name: 'N a2x', children: [] }] },
      { uuid: 'r2', name: 'N r2', children: [] },
    ]);
  });
});

describe('cluster rules (spec §4)', () => {
  it('adding a cluster adds all its children and says how many', () => {
    const { state, notice } = addCluster(index, none, 'a');
    expect(ids(state.clusters)).toEqual(['a', 'a1', 'a2', 'a2x']);
    expect(notice).toEqual({ kind: 'info', text: 'Cluster N a And Its 3 Children Were Added To Profile' });
  });

  it('adding a leaf says it was added', () => {
    expect(addCluster(index, none, 'b').notice?.text).toBe('Cluster N b Was Added Successfully To Profile');
  });

  it('the first cluster added becomes the primary when none is set, and only then', () => {
    const first = addCluster(index, none, 'b').state;
    expect(first.primary).toBe('b');
    expect(addCluster(index, first, 'r2').state.primary).toBe('b');
  });

  it('removing a cluster removes all its children', () => {
    const state = { clusters: new Set(['r1', 'a', 'a1', 'a2', 'a2x', 'b']), primary: 'b' };
    const removed = removeCluster(index, state, 'a');
    expect(ids(removed.state.clusters)).toEqual(['b', 'r1']);
    expect(removed.notice?.text).toBe('Cluster N a And Its 3 Children Were Removed From Profile');
    expect(removeCluster(index, removed.state, 'r1').notice?.kind).toBe('warning');
  });

  it('the primary visibility cannot be removed, nor a cluster holding it: a warning, nothing changes', () => {
    const state = { clusters: new Set(['a', 'a1', 'a2', 'a2x']), primary: 'a2x' };
    for (const uuid of ['a2x', 'a2', 'a']) {
      const result = removeCluster(index, state, uuid);
      expect(result.state).toBe(state);
      expect(result.notice).toEqual({
        kind: 'warning',
        text: 'Cluster N a2x Is The Primary Visibility And Cannot Be Removed',
      });
    }
    expect(ids(removeCluster(index, state, 'a1').state.clusters)).toEqual(['a', 'a2', 'a2x']);
  });

  it('toggling adds what is not selected and removes what is', () => {
    const added = toggleCluster(index, none, 'a2').state;
    expect(ids(added.clusters)).toEqual(['a2', 'a2x']);
    const withOther = toggleCluster(index, added, 'b').state;
    expect(ids(toggleCluster(index, withOther, 'b').state.clusters)).toEqual(['a2', 'a2x']);
  });

  it('choosing a primary visibility adds it with its children; choosing none clears it', () => {
    const { state, notice } = choosePrimary(index, none, 'a2');
    expect(state.primary).toBe('a2');
    expect(ids(state.clusters)).toEqual(['a2', 'a2x']);
    expect(notice?.text).toBe('Cluster N a2 And Its 1 Children Were Added To Profile');
    const moved = choosePrimary(index, state, 'a2x');
    expect(moved).toEqual({ state: { clusters: state.clusters, primary: 'a2x' }, notice: null });
    expect(choosePrimary(index, moved.state, null).state).toEqual({ clusters: state.clusters, primary: null });
  });

  it('Add All adds every cluster with nothing selected (the first root becoming primary); Remove All otherwise', () => {
    const all = toggleAllClusters(index, none);
    expect(all.clusters.size).toBe(index.size);
    expect(all.primary).toBe('r1');
    expect(toggleAllClusters(index, all)).toEqual({ clusters: new Set(), primary: null });
  });
});

describe('element rules', () => {
  it('Add All / Remove All acts on the shown elements by whether any of them is selected', () => {
    expect(ids(toggleAllElements(new Set(), ['x', 'y']))).toEqual(['x', 'y']);
    expect(ids(toggleAllElements(new Set(['y', 'z']), ['x', 'y']))).toEqual(['z']);
  });

  it('the name filter is trimmed and case-insensitive', () => {
    const list = [{ name: 'Vodafone' }, { name: 'EE' }, { name: 'Three' }];
    expect(filterElements(list, '  ee ')).toEqual([{ name: 'EE' }, { name: 'Three' }]);
    expect(filterElements(list, ' ')).toBe(list);
  });

  it("cluster group 'Default': selecting makes it the default and adds it; selecting it again clears the default", () => {
    const chosen = toggleDefaultGroup({ groups: new Set(['g1']), defaultGroup: null }, 'g2');
    expect(chosen).toEqual({ groups: new Set(['g1', 'g2']), defaultGroup: 'g2' });
    expect(toggleDefaultGroup(chosen, 'g2')).toEqual({ groups: chosen.groups, defaultGroup: null });
    expect(toggleDefaultGroup(chosen, 'g1').defaultGroup).toBe('g1');
  });

  it('a group leaving the selection stops being the default', () => {
    const state = { groups: new Set(['g1', 'g2']), defaultGroup: 'g2' };
    expect(withGroups(state, new Set(['g1']))).toEqual({ groups: new Set(['g1']), defaultGroup: null });
    expect(withGroups(state, new Set(['g2'])).defaultGroup).toBe('g2');
  });
});
