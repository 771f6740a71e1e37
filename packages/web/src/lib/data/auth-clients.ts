// OAuth2 clients: their list.
// One cache (spec §4): loaded once, updated after saves and deletes, cleared at sign-out.
import { compareValues } from '@userprofile/shared/list';
import { api } from '../api/client.ts';
import { createListCache } from './cache.ts';

async function fetchAuthClients() {
  return (await api().GET('/api/v1/authClient/list')).data ?? [];
}

export type AuthClient = NonNullable<Awaited<ReturnType<typeof fetchAuthClients>>>[number];

export const authClients = createListCache<AuthClient>({
  name: 'OAuth2 clients',
  fetch: fetchAuthClients,
  key: (row) => row.uuid,
  order: (a, b) => compareValues(a.name, b.name),
});
