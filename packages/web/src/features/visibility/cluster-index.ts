// The cluster forest flattened once into pre-order arrays, so everything the
// editor asks of a tree of thousands of nodes is a loop over numbers: a node's
// descendants are the indexes after it up to `end[i]`, the visible rows are a
// walk that jumps over collapsed subtrees, and counts are one reverse pass.

export interface ClusterNode {
  uuid: string;
  name: string;
  children: ClusterNode[];
}

export interface ClusterIndex {
  readonly size: number;
  readonly uuid: readonly string[];
  readonly name: readonly string[];
  readonly lowerName: readonly string[];
  /** aria-level: 1 for a root. */
  readonly level: Uint8Array;
  /** Index of the parent, -1 for a root. */
  readonly parent: Int32Array;
  /** One past the last descendant: descendants of i are i+1 .. end[i]-1. */
  readonly end: Int32Array;
  /** aria-posinset and aria-setsize among siblings. */
  readonly posInSet: Int32Array;
  readonly setSize: Int32Array;
  readonly at: ReadonlyMap<string, number>;
}

export function buildClusterIndex(forest: readonly ClusterNode[]): ClusterIndex {
  const uuid: string[] = [];
  const name: string[] = [];
  const levels: number[] = [];
  const parents: number[] = [];
  const positions: number[] = [];
  const sizes: number[] = [];
  const ends: number[] = [];
  // Iterative pre-order walk (trees may be deep): frames of [node, parent index, level, position, set size].
  const stack: [ClusterNode, number, number, number, number][] = [];
  for (let i = forest.length - 1; i >= 0; i--) stack.push([forest[i] as ClusterNode, -1, 1, i + 1, forest.length]);
  const open: number[] = [];
  while (stack.length > 0) {
    const [node, parent, level, pos, size] = stack.pop() as [ClusterNode, number, number, number, number];
    // Close the subtrees this node is not inside of.
    while (open.length > 0 && open.length >= level) ends[open.pop() as number] = uuid.length;
    const i = uuid.length;
    uuid.push(node.uuid);
    name.push(node.name);
    levels.push(level);
    parents.push(parent);
    positions.push(pos);
    sizes.push(size);
    ends.push(0);
    open.push(i);
    const kids = node.children;
    for (let k = kids.length - 1; k >= 0; k--) stack.push([kids[k] as ClusterNode, i, level + 1, k + 1, kids.length]);
  }
  for (const i of open) ends[i] = uuid.length;
  const at = new Map<string, number>();
  for (let i = 0; i < uuid.length; i++) at.set(uuid[i] as string, i);
  return {
    size: uuid.length,
    uuid,
    name,
    lowerName: name.map((n) => n.toLowerCase()),
    level: Uint8Array.from(levels),
    parent: Int32Array.from(parents),
    end: Int32Array.from(ends),
    posInSet: Int32Array.from(positions),
    setSize: Int32Array.from(sizes),
    at,
  };
}

export function descendantCount(index: ClusterIndex, i: number): number {
  return (index.end[i] as number) - i - 1;
}

export function hasChildren(index: ClusterIndex, i: number): boolean {
  return (index.end[i] as number) > i + 1;
}

/** The uuids of node i and all its descendants. */
export function subtreeIds(index: ClusterIndex, i: number): string[] {
  return index.uuid.slice(i, index.end[i]);
}

/** The uuids of node i's ancestors, its root first. */
export function ancestorIds(index: ClusterIndex, i: number): string[] {
  const out: string[] = [];
  for (let p = index.parent[i] as number; p >= 0; p = index.parent[p] as number) out.unshift(index.uuid[p] as string);
  return out;
}

/** For each node, how many of its descendants are selected: one reverse pass. */
export function selectedDescendantCounts(index: ClusterIndex, selected: ReadonlySet<string>): Int32Array {
  const counts = new Int32Array(index.size);
  for (let i = index.size - 1; i >= 0; i--) {
    const p = index.parent[i] as number;
    if (p >= 0)
      counts[p] = (counts[p] as number) + (counts[i] as number) + (selected.has(index.uuid[i] as string) ? 1 : 0);
  }
  return counts;
}

/**
 * Which nodes a filter keeps: those whose name contains the text
 * (case-insensitive, trimmed) and their ancestors. Null when the filter is blank.
 */
export function filterMatches(index: ClusterIndex, text: string): { keep: Uint8Array; matches: number } | null {
  const query = text.trim().toLowerCase();
  if (!query) return null;
  const keep = new Uint8Array(index.size);
  let matches = 0;
  for (let i = index.size - 1; i >= 0; i--) {
    if ((index.lowerName[i] as string).includes(query)) {
      keep[i] = 1;
      matches++;
    }
    const p = index.parent[i] as number;
    if (keep[i] && p >= 0) keep[p] = 1;
  }
  return { keep, matches };
}

/**
 * The rows on screen, in order: a collapsed node's subtree is skipped; with a
 * filter, only kept nodes show, and the ancestors of matches are open.
 */
export function visibleRows(
  index: ClusterIndex,
  expanded: ReadonlySet<string>,
  filter: { keep: Uint8Array } | null,
): Int32Array {
  const rows = new Int32Array(index.size);
  let n = 0;
  let i = 0;
  while (i < index.size) {
    if (filter && !filter.keep[i]) {
      i = index.end[i] as number;
      continue;
    }
    rows[n++] = i;
    i = filter || expanded.has(index.uuid[i] as string) ? i + 1 : (index.end[i] as number);
  }
  return rows.subarray(0, n);
}

/** The nodes that start open: those at or above the depth that shows expanded (spec §2, §9: deeper ones start collapsed). */
export function initiallyExpanded(index: ClusterIndex, expandedDepth: number): Set<string> {
  const open = new Set<string>();
  for (let i = 0; i < index.size; i++)
    if ((index.level[i] as number) <= expandedDepth) open.add(index.uuid[i] as string);
  return open;
}

/** The chosen clusters as the wire's forest: each chosen node under its nearest chosen ancestor. */
export function chosenForest(index: ClusterIndex, chosen: ReadonlySet<string>): ClusterNode[] {
  const roots: ClusterNode[] = [];
  const nodes = new Array<ClusterNode | undefined>(index.size);
  for (let i = 0; i < index.size; i++) {
    const id = index.uuid[i] as string;
    if (!chosen.has(id)) continue;
    const node: ClusterNode = { uuid: id, name: index.name[i] as string, children: [] };
    nodes[i] = node;
    let p = index.parent[i] as number;
    while (p >= 0 && !nodes[p]) p = index.parent[p] as number;
    if (p >= 0) (nodes[p] as ClusterNode).children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Every uuid of a forest (a profile's chosen clusters as the wire gives them). */
export function forestIds(forest: readonly ClusterNode[]): string[] {
  const out: string[] = [];
  const stack = [...forest];
  while (stack.length > 0) {
    const node = stack.pop() as ClusterNode;
    out.push(node.uuid);
    stack.push(...node.children);
  }
  return out;
}
