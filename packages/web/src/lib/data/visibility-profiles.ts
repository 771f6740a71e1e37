// Visibility profiles: the Visibility select of the user editor, the visibility profile list.
// One cache (spec §4): loaded once, updated after saves and deletes, cleared at sign-out.
import type { components } from '@userprofile/shared/generated/api';
import { compareValues } from '@userprofile/shared/list';
import { api } from '../api/client.ts';
import { createListCache } from './cache.ts';

export type VisibilityProfile = components['schemas']['VisibilityProfile'];

export const visibilityProfiles = createListCache({
  name: 'visibility profiles',
  fetch: async (): Promise<VisibilityProfile[]> => (await api().GET('/api/v1/profile/visibility/list')).data ?? [],
  key: (row) => row.uuid,
  order: (a, b) => compareValues(a.name, b.name),
});
