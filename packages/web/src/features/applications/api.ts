// The application calls of spec §7, through the one API client. Saves,
// deletes and syncs keep the applications list cache (lib/data) current.
import { api, withLoading } from '../../lib/api/client.ts';
import { applications } from '../../lib/data/applications.ts';
import type { Application, ApplicationInput } from './application-form.ts';

export async function fetchApplication(uuid: string): Promise<Application> {
  const { data } = await api().GET('/api/v1/app/{uuid}', { params: { path: { uuid } }, middleware: [withLoading()] });
  return data as Application;
}

export async function saveApplication(body: ApplicationInput): Promise<Application> {
  const { data } = await api().POST('/api/v1/app/update', { body, middleware: [withLoading()] });
  const saved = data as Application;
  applications.upsert(saved);
  return saved;
}

export async function deleteApplication(uuid: string): Promise<void> {
  await api().DELETE('/api/v1/app/{uuid}', { params: { path: { uuid } }, middleware: [withLoading()] });
  applications.remove(uuid);
}

/** Spec §4: the body is the application as read; the answer replaces it. */
export async function syncApplication(app: Application): Promise<Application> {
  const { data } = await api().POST('/api/v1/app/sync', { body: app, middleware: [withLoading('Syncing...')] });
  const synced = data as Application;
  applications.upsert(synced);
  return synced;
}

/** Every application synced; an empty answer is the failure spec §8 warns of, so the cache keeps its rows. */
export async function syncAllApplications(): Promise<Application[]> {
  const { data } = await api().POST('/api/v1/app/syncAll', { middleware: [withLoading('Syncing...')] });
  const synced = data ?? [];
  if (synced.length > 0) applications.set(synced);
  return synced;
}
