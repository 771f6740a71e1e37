// Deep and wide cluster trees beside the seed's region → market → cluster →
// site tree (depth 4, three children per node): a transport network six
// levels deep, a metro area with many leaves under one node, and on demand
// (SEED_CLUSTERS, for the bench) a large inventory. Made from their own
// faker seed after everything else, so the rest of the seed is unchanged.
import { en, Faker } from '@faker-js/faker';
import type { Store } from '../store/store.ts';
import type { ClusterRecord } from '../store/types.ts';

const FAKER_SEED = 20251123;
/** The deepest level of a generated tree (a root is level 1). */
export const MAX_CLUSTER_DEPTH = 6;
/** Descendants of the largest root of a SEED_CLUSTERS inventory. */
export const LARGE_ROOT_DESCENDANTS = 1000;
const OTHER_ROOT_DESCENDANTS = 400;

export interface SeededClusterTrees {
  /** Root of the six-level transport network. */
  transport: ClusterRecord;
  /** Root of the wide metro area. */
  metro: ClusterRecord;
}

export function seedClusterTrees(store: Store, totalClusters: number | undefined): SeededClusterTrees {
  const f = new Faker({ locale: [en], seed: FAKER_SEED });
  const clusters = store.visibility.clusters;
  const add = (name: string, parent: ClusterRecord | null): ClusterRecord => {
    const c: ClusterRecord = { uuid: f.string.uuid(), name, parentUuid: parent?.uuid ?? null };
    clusters.set(c.uuid, c);
    return c;
  };
  const code = () => f.string.alpha({ length: 3, casing: 'upper' });

  // Six levels: network → zone → hub → ring → node → port.
  const transport = add('National Transport Network', null);
  for (const zone of ['Northern', 'Central', 'Southern']) {
    const z = add(`${zone} Transport Zone`, transport);
    for (let h = 1; h <= 3; h++) {
      const hub = add(`${zone} Hub ${h} ${code()}`, z);
      for (let r = 1; r <= 2; r++) {
        const ring = add(`${hub.name} Ring ${r}`, hub);
        for (let n = 1; n <= 4; n++) {
          const node = add(`${ring.name} Node ${n}`, ring);
          for (let p = 1; p <= 2; p++) add(`${node.name} Port ${p}`, node);
        }
      }
    }
  }

  // Wide: one node with sixty small cells.
  const metro = add('Metro Small Cells', null);
  const downtown = add('Downtown Small Cells', metro);
  for (let i = 1; i <= 60; i++) add(`Downtown Cell ${String(i).padStart(2, '0')} ${code()}`, downtown);

  if (totalClusters !== undefined) {
    let root = 1;
    while (clusters.size < totalClusters) {
      const descendants = root === 1 ? LARGE_ROOT_DESCENDANTS : OTHER_ROOT_DESCENDANTS;
      addBalancedTree(
        add,
        `Inventory ${root} ${f.location.city()}`,
        Math.min(descendants, totalClusters - clusters.size - 1),
      );
      root++;
    }
  }
  return { transport, metro };
}

/** A root and `descendants` nodes below it, four children per node, breadth first: at most MAX_CLUSTER_DEPTH levels for up to 1364 descendants. */
function addBalancedTree(
  add: (name: string, parent: ClusterRecord | null) => ClusterRecord,
  rootName: string,
  descendants: number,
): void {
  const queue: ClusterRecord[] = [add(rootName, null)];
  let made = 0;
  for (let head = 0; made < descendants; head++) {
    const parent = queue[head] as ClusterRecord;
    for (let i = 1; i <= 4 && made < descendants; i++, made++) queue.push(add(`${parent.name}.${i}`, parent));
  }
}
