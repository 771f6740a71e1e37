// The visibility set (spec §3: the carriers, clusters, cluster groups,
// network element attributes, network groups and venues a visibility profile
// can choose from). One cache (spec §4); a visibility sync changes it, so the
// sync clears it or sets the answer.
import type { components } from '@userprofile/shared/generated/api';
import { api } from '../api/client.ts';
import { createDataCache } from './cache.ts';

export type VisibilitySet = components['schemas']['VisibilitySet'];

export const visibilitySet = createDataCache<VisibilitySet>('visibility elements', async () => {
  const { data } = await api().GET('/api/v1/visibility/set');
  if (!data) throw new TypeError('The visibility set came back empty');
  return data;
});
