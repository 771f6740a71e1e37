// The visibility profile editor's draft (design.md: valtio for the mutable
// draft of one complex editor, module-level actions). The rules themselves
// are the pure functions of visibility-rules.ts; the actions apply them and
// show their messages: information as a toast, warnings as dismissible
// alerts in the editor (spec §8 "Visibility").
import { CLUSTER_TREE_EXPANDED_DEPTH } from '@userprofile/shared/constants';
import { proxy, ref } from 'valtio';
import { notify } from '../../lib/toaster.ts';
import {
  ancestorIds,
  buildClusterIndex,
  type ClusterIndex,
  filterMatches,
  initiallyExpanded,
} from './cluster-index.ts';
import { type ElementKind, newVisibilityForm, type VisibilityForm, type VisibilitySet } from './visibility-form.ts';
import {
  type ClusterSelection,
  choosePrimary,
  type Notice,
  type RuleResult,
  toggleAllClusters,
  toggleAllElements,
  toggleCluster,
  toggleDefaultGroup,
  toggleElement,
  withGroups,
} from './visibility-rules.ts';

export interface EditorAlert {
  id: number;
  text: string;
}

interface EditorState {
  form: VisibilityForm;
  /** The available elements and the cluster index built from them, once loaded. */
  set: VisibilitySet | null;
  index: ClusterIndex | null;
  /** Cluster tree: open nodes and the filter text. */
  expanded: ReadonlySet<string>;
  treeFilter: string;
  /** The cluster the tree should show and point at (a new seq each time: the same cluster again scrolls again). */
  reveal: { uuid: string; seq: number } | null;
  alerts: EditorAlert[];
}

const emptyIndex = buildClusterIndex([]);

export const editor = proxy<EditorState>({
  form: withRefs(newVisibilityForm(null)),
  set: null,
  index: null,
  expanded: ref(new Set<string>()),
  treeFilter: '',
  reveal: null,
  alerts: [],
});

let nextAlert = 1;

// Sets are replaced, never mutated: valtio keeps them as references, so a
// snapshot compares by identity and a change of 1000 clusters is one assignment.
function withRefs(form: VisibilityForm): VisibilityForm {
  return {
    ...form,
    clusters: ref(new Set(form.clusters)),
    elements: {
      carriers: ref(new Set(form.elements.carriers)),
      clusterGroups: ref(new Set(form.elements.clusterGroups)),
      networkGroups: ref(new Set(form.elements.networkGroups)),
      neAttributes: ref(new Set(form.elements.neAttributes)),
      venues: ref(new Set(form.elements.venues)),
    },
  };
}

// The cluster index and the nodes that start open, built once per loaded
// visibility set (the shared cache's object): opening another profile, a new
// one or a Retry reuses them until the set is loaded again. The open set is
// never mutated (setExpanded replaces it), so every editor may start from it.
const built = new WeakMap<VisibilitySet, { index: ClusterIndex; expanded: ReadonlySet<string> }>();

function clusterIndexOf(set: VisibilitySet): { index: ClusterIndex; expanded: ReadonlySet<string> } {
  let entry = built.get(set);
  if (!entry) {
    const index = buildClusterIndex(set.clusters);
    entry = { index, expanded: initiallyExpanded(index, CLUSTER_TREE_EXPANDED_DEPTH) };
    built.set(set, entry);
  }
  return entry;
}

/** Starts editing `form` over the available elements `set`. */
export function startEditing(form: VisibilityForm, set: VisibilitySet): void {
  const { index, expanded } = clusterIndexOf(set);
  editor.set = ref(set);
  editor.index = ref(index);
  editor.form = withRefs(form);
  editor.expanded = ref(expanded as Set<string>);
  editor.treeFilter = '';
  editor.reveal = null;
  editor.alerts = [];
}

export function setFormField<K extends 'name' | 'description' | 'minimumRole' | 'companyUuid'>(
  key: K,
  value: VisibilityForm[K],
): void {
  editor.form[key] = value;
}

function show(notice: Notice | null): void {
  if (!notice) return;
  // Each tick raises one (spec §8): a burst of ticks is one card with a count, not a card each.
  if (notice.kind === 'info') notify.info(notice.text, { group: 'visibility-selection' });
  else editor.alerts.push({ id: nextAlert++, text: notice.text });
}

export function addAlert(text: string): void {
  editor.alerts.push({ id: nextAlert++, text });
}

export function dismissAlert(id: number): void {
  const at = editor.alerts.findIndex((a) => a.id === id);
  if (at >= 0) editor.alerts.splice(at, 1);
}

function applyClusters(result: RuleResult<ClusterSelection>): void {
  setClusters(result.state);
  show(result.notice);
}

function setClusters(state: ClusterSelection): void {
  if (state.clusters !== editor.form.clusters) editor.form.clusters = ref(state.clusters as Set<string>);
  editor.form.primary = state.primary;
}

function clusterState(): ClusterSelection {
  return { clusters: editor.form.clusters, primary: editor.form.primary };
}

export function toggleClusterSelection(uuid: string): void {
  applyClusters(toggleCluster(editor.index ?? emptyIndex, clusterState(), uuid));
}

/** Chooses the primary visibility and shows it in the tree (its ancestors opened, scrolled to). */
export function choosePrimaryVisibility(uuid: string | null): void {
  applyClusters(choosePrimary(editor.index ?? emptyIndex, clusterState(), uuid));
  if (uuid) revealCluster(uuid);
}

/** Opens the ancestors of a cluster, and clears a tree filter that hides it, so the tree can scroll to it. */
export function revealCluster(uuid: string): void {
  const index = editor.index ?? emptyIndex;
  const at = index.at.get(uuid);
  if (at === undefined) return;
  const hidden = filterMatches(index, editor.treeFilter);
  if (hidden && !hidden.keep[at]) editor.treeFilter = '';
  const closed = ancestorIds(index, at).filter((id) => !editor.expanded.has(id));
  if (closed.length > 0) editor.expanded = ref(new Set([...editor.expanded, ...closed]));
  editor.reveal = { uuid, seq: (editor.reveal?.seq ?? 0) + 1 };
}

export function toggleAllClusterSelection(): void {
  setClusters(toggleAllClusters(editor.index ?? emptyIndex, clusterState()));
}

function setElements(kind: ElementKind, selected: ReadonlySet<string>): void {
  if (kind === 'clusterGroups') {
    const next = withGroups({ groups: selected, defaultGroup: editor.form.defaultClusterGroup }, selected);
    editor.form.defaultClusterGroup = next.defaultGroup;
  }
  editor.form.elements[kind] = ref(selected as Set<string>);
}

export function toggleElementSelection(kind: ElementKind, uuid: string): void {
  setElements(kind, toggleElement(editor.form.elements[kind], uuid));
}

/** Add All / Remove All over the elements the filter shows. */
export function toggleAllElementSelection(kind: ElementKind, shown: readonly string[]): void {
  setElements(kind, toggleAllElements(editor.form.elements[kind], shown));
}

export function toggleDefaultClusterGroup(uuid: string): void {
  const next = toggleDefaultGroup(
    { groups: editor.form.elements.clusterGroups, defaultGroup: editor.form.defaultClusterGroup },
    uuid,
  );
  editor.form.elements.clusterGroups = ref(next.groups as Set<string>);
  editor.form.defaultClusterGroup = next.defaultGroup;
}

// --- the cluster tree's view state ---------------------------------------------

export function setTreeFilter(text: string): void {
  editor.treeFilter = text;
}

export function setExpanded(uuid: string, open: boolean): void {
  if (editor.expanded.has(uuid) === open) return;
  const next = new Set(editor.expanded);
  if (open) next.add(uuid);
  else next.delete(uuid);
  editor.expanded = ref(next);
}

/** Opens every node that has children, or closes them all. */
export function setAllExpanded(open: boolean): void {
  const index = editor.index ?? emptyIndex;
  const next = new Set<string>();
  if (open)
    for (let i = 0; i < index.size; i++) if ((index.end[i] as number) > i + 1) next.add(index.uuid[i] as string);
  editor.expanded = ref(next);
}
