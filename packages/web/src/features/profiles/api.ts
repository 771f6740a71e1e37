// The application and business profile calls of spec §7, plus the designed
// impact previews, through the one API client. The lists themselves are the
// shared caches of lib/data.
import type { components } from '@userprofile/shared/generated/api';
import { api, withLoading } from '../../lib/api/client.ts';
import { extensionOrDerived } from '../../lib/extensions.ts';
import type { ApplicationProfile, ApplicationProfileInput } from './app-profile-form.ts';
import type { BusinessProfile, BusinessProfileInput } from './business-profile-form.ts';
import { deriveAppProfileImpact, deriveBusinessProfileImpact } from './derived-impact.ts';

export type ProfileImpact = components['schemas']['ProfileImpact'];
export type ImpactItem = components['schemas']['ImpactItem'];
export type ProfileUser = components['schemas']['User'];

const byUuid = (uuid: string) => ({ params: { path: { uuid } } });

export async function fetchAppProfile(uuid: string): Promise<ApplicationProfile> {
  const { data } = await api().GET('/api/v1/profile/app/get/{uuid}', { ...byUuid(uuid), middleware: [withLoading()] });
  return data as ApplicationProfile;
}

export async function saveAppProfile(body: ApplicationProfileInput): Promise<ApplicationProfile> {
  const { data } = await api().POST('/api/v1/profile/app/update', { body, middleware: [withLoading()] });
  return data as ApplicationProfile;
}

export async function deleteAppProfile(uuid: string): Promise<void> {
  await api().DELETE('/api/v1/profile/app/{uuid}', { ...byUuid(uuid), middleware: [withLoading()] });
}

/** The business profiles that use an application profile (its delete confirmation, its Business Profiles tab). */
export async function fetchAppProfileBusinessProfiles(uuid: string): Promise<BusinessProfile[]> {
  const { data } = await api().GET('/api/v1/profile/app/{uuid}/businessProfiles', byUuid(uuid));
  return data ?? [];
}

/**
 * The impact preview: the extension where the backend offers it, else worked
 * out from spec calls (./derived-impact.ts, NoPreviewError when even that
 * cannot be had).
 */
export async function previewAppProfileImpact(
  body: ApplicationProfileInput,
  audienceChanged: boolean,
): Promise<ProfileImpact> {
  return extensionOrDerived(
    'previewApplicationProfileImpact',
    async (offer) => {
      const { data } = await api().POST('/api/v1/profile/app/impact', { body, middleware: [withLoading(), ...offer] });
      return data as ProfileImpact;
    },
    () => deriveAppProfileImpact(body, audienceChanged),
  );
}

export async function fetchBusinessProfile(uuid: string): Promise<BusinessProfile> {
  const { data } = await api().GET('/api/v1/profile/business/get/{uuid}', {
    ...byUuid(uuid),
    middleware: [withLoading()],
  });
  return data as BusinessProfile;
}

export async function saveBusinessProfile(body: BusinessProfileInput): Promise<BusinessProfile> {
  const { data } = await api().POST('/api/v1/profile/business/update', { body, middleware: [withLoading()] });
  return data as BusinessProfile;
}

export async function deleteBusinessProfile(uuid: string): Promise<void> {
  await api().DELETE('/api/v1/profile/business/{uuid}', { ...byUuid(uuid), middleware: [withLoading()] });
}

/** The users of a business profile (its delete confirmation, its Users tab). */
export async function fetchBusinessProfileUsers(uuid: string): Promise<ProfileUser[]> {
  const { data } = await api().GET('/api/v1/profile/business/{uuid}/users', byUuid(uuid));
  return data ?? [];
}

/** The same for a business profile. */
export async function previewBusinessProfileImpact(
  body: BusinessProfileInput,
  audienceChanged: boolean,
): Promise<ProfileImpact> {
  return extensionOrDerived(
    'previewBusinessProfileImpact',
    async (offer) => {
      const { data } = await api().POST('/api/v1/profile/business/impact', {
        body,
        middleware: [withLoading(), ...offer],
      });
      return data as ProfileImpact;
    },
    () => deriveBusinessProfileImpact(body, audienceChanged),
  );
}
