// Customer companies: the company select of the Visible To selector.
// One cache (spec §4): loaded once, updated after saves and deletes, cleared at sign-out.
import type { components } from '@userprofile/shared/generated/api';
import { compareValues } from '@userprofile/shared/list';
import { api } from '../api/client.ts';
import { createListCache } from './cache.ts';

export type Company = components['schemas']['Company'];

export const companies = createListCache({
  name: 'customer companies',
  fetch: async (): Promise<Company[]> => (await api().GET('/api/v1/errigalCustomerCompany/list')).data ?? [],
  key: (row) => row.uuid,
  order: (a, b) => compareValues(a.name, b.name),
});
