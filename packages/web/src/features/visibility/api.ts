// The visibility calls of spec §7 ("Visibility profiles", "Visibility sync")
// through the one API client. The profile list and the visibility set (the
// designed GET /visibility/set) are the shared caches of lib/data.
import type { VisibilitySyncKind } from '@userprofile/shared/constants';
import type { components } from '@userprofile/shared/generated/api';
import { api, expectFailure, withLoading } from '../../lib/api/client.ts';
import type { VisibilityProfile, VisibilityProfileInput } from './visibility-form.ts';

export type ProfileUser = components['schemas']['User'];

export async function fetchVisibilityProfile(uuid: string): Promise<VisibilityProfile> {
  const { data } = await api().GET('/api/v1/profile/visibility/get/{uuid}', { params: { path: { uuid } } });
  return data as VisibilityProfile;
}

/** The users who have the profile (the delete confirmation lists them). */
export async function fetchVisibilityProfileUsers(uuid: string): Promise<ProfileUser[]> {
  const { data } = await api().GET('/api/v1/profile/visibility/{uuid}/users', { params: { path: { uuid } } });
  return data ?? [];
}

export async function saveVisibilityProfile(body: VisibilityProfileInput): Promise<VisibilityProfile> {
  const { data } = await api().POST('/api/v1/profile/visibility/update', { body, middleware: [withLoading()] });
  return data as VisibilityProfile;
}

export async function deleteVisibilityProfile(uuid: string): Promise<void> {
  await api().DELETE('/api/v1/profile/visibility/{uuid}', { params: { path: { uuid } }, middleware: [withLoading()] });
}

/**
 * Syncs one kind, or all of them; answers the count of elements synced. A 401
 * is the sync's own message (spec §8 Visibility), not 'Session Timed Out'.
 */
export async function syncVisibility(kind: VisibilitySyncKind | 'all'): Promise<number> {
  const middleware = [expectFailure(401)];
  const { data } =
    kind === 'all'
      ? await api().GET('/api/v1/visibility/sync/all', { middleware })
      : await api().GET('/api/v1/visibility/sync/{kind}', { params: { path: { kind } }, middleware });
  return data ?? 0;
}
