// Applications: their list, and the application select of the application profile editor.
// One cache (spec §4): loaded once, updated after saves and deletes, cleared at sign-out.
import { compareValues } from '@userprofile/shared/list';
import { api } from '../api/client.ts';
import { createListCache } from './cache.ts';

async function fetchApplications() {
  return (await api().GET('/api/v1/app/list')).data ?? [];
}

export type Application = NonNullable<Awaited<ReturnType<typeof fetchApplications>>>[number];

export const applications = createListCache<Application>({
  name: 'applications',
  fetch: fetchApplications,
  key: (row) => row.uuid,
  order: (a, b) => compareValues(a.name, b.name),
});

/** Whether Check Access can answer a reader with these applications: one role or element seen is enough. */
export function checkCanAnswer(apps: readonly { roles: readonly unknown[]; elements: readonly unknown[] }[]): boolean {
  return apps.some((a) => a.roles.length + a.elements.length > 0);
}
