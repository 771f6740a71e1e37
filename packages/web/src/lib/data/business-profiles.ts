// Business profiles: the Profile select of the user editor, the business profile list.
// One cache (spec §4): loaded once, updated after saves and deletes, cleared at sign-out.
import type { components } from '@userprofile/shared/generated/api';
import { compareValues } from '@userprofile/shared/list';
import { api } from '../api/client.ts';
import { createListCache } from './cache.ts';

export type BusinessProfile = components['schemas']['BusinessProfile'];

export const businessProfiles = createListCache({
  name: 'business profiles',
  fetch: async (): Promise<BusinessProfile[]> => (await api().GET('/api/v1/profile/business/list')).data ?? [],
  key: (row) => row.uuid,
  order: (a, b) => compareValues(a.name, b.name),
});
