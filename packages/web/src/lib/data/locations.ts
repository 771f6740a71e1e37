// Locations: the Location select of the user editor.
// One cache (spec §4): loaded once, updated after saves and deletes, cleared at sign-out.
import type { components } from '@userprofile/shared/generated/api';
import { compareValues } from '@userprofile/shared/list';
import { api } from '../api/client.ts';
import { createListCache } from './cache.ts';

export type Location = components['schemas']['Location'];

export const locations = createListCache({
  name: 'locations',
  fetch: async (): Promise<Location[]> => (await api().GET('/api/v1/location/list')).data ?? [],
  key: (row) => row.uuid,
  order: (a, b) => compareValues(a.name, b.name),
});
