// Clusters (a tree of nodes with children): the cluster tab of the visibility profile editor.
// One cache (spec §4): loaded once, updated after saves and deletes, cleared at sign-out.
import type { components } from '@userprofile/shared/generated/api';
import { compareValues } from '@userprofile/shared/list';
import { api } from '../api/client.ts';
import { createListCache } from './cache.ts';

export type ClusterNode = components['schemas']['ClusterNode'];

export const clusters = createListCache({
  name: 'clusters',
  fetch: async (): Promise<ClusterNode[]> => (await api().GET('/api/v1/cluster/list')).data ?? [],
  key: (row) => row.uuid,
  order: (a, b) => compareValues(a.name, b.name),
});
