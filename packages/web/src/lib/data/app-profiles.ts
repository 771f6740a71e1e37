// Application profiles: their list, and the per-application selects of the business profile editor.
// One cache (spec §4): loaded once, updated after saves and deletes, cleared at sign-out.
import type { components } from '@userprofile/shared/generated/api';
import { compareValues } from '@userprofile/shared/list';
import { api } from '../api/client.ts';
import { createListCache } from './cache.ts';

export type ApplicationProfile = components['schemas']['ApplicationProfile'];

export const appProfiles = createListCache({
  name: 'application profiles',
  fetch: async (): Promise<ApplicationProfile[]> => (await api().GET('/api/v1/profile/app/list')).data ?? [],
  key: (row) => row.uuid,
  order: (a, b) => compareValues(a.name, b.name),
});
