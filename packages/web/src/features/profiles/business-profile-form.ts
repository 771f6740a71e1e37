// The business profile form (spec §2 "Business profile edit", §4, §5) as pure
// functions: per application at most one application profile (one dropdown
// each, first option '---'), the mapping from and to the wire, the rules of
// shared/validation.ts, and Clone.
import { CLONE_SUFFIX, DEFAULT_MINIMUM_ROLE } from '@userprofile/shared/constants';
import type { components } from '@userprofile/shared/generated/api';
import { compareValues } from '@userprofile/shared/list';
import {
  type BusinessProfileField,
  type ValidationErrors,
  validateBusinessProfile,
} from '@userprofile/shared/validation';
import type { ApplicationProfile } from './app-profile-form.ts';

export type BusinessProfile = components['schemas']['BusinessProfile'];
export type BusinessProfileInput = components['schemas']['BusinessProfileInput'];

export interface BusinessProfileForm {
  /** Null: a new profile (create mode). */
  uuid: string | null;
  name: string;
  description: string;
  minimumRole: string;
  /** Null: visible to every company. */
  companyUuid: string | null;
  /** Application uuid → the chosen application profile's uuid: at most one per application by construction. */
  appProfiles: Record<string, string>;
}

/** The form of a loaded profile, or of a new one with the current user's default minimum role (spec §6). */
export function toBusinessProfileForm(
  profile: BusinessProfile | null,
  defaultMinimumRole: string | null | undefined = DEFAULT_MINIMUM_ROLE,
): BusinessProfileForm {
  const appProfiles: Record<string, string> = {};
  for (const ap of profile?.appProfiles ?? []) {
    // A stored profile never holds two of one application; should one arrive, the first is kept.
    if (!(ap.application.uuid in appProfiles)) appProfiles[ap.application.uuid] = ap.uuid;
  }
  return {
    uuid: profile?.uuid ?? null,
    name: profile?.name ?? '',
    description: profile?.description ?? '',
    minimumRole: profile?.minimumRole?.name ?? defaultMinimumRole ?? DEFAULT_MINIMUM_ROLE,
    companyUuid: profile?.errigalCustomerCompany?.uuid ?? null,
    appProfiles,
  };
}

/** Clone Profile: the form copied, uuid cleared, '_clone' appended to the name. */
export function cloneBusinessProfileForm(form: BusinessProfileForm): BusinessProfileForm {
  return { ...form, uuid: null, name: form.name + CLONE_SUFFIX, appProfiles: { ...form.appProfiles } };
}

/** Chooses the application's profile ('' = '---': none), replacing any earlier choice for that application. */
export function chooseAppProfile(
  form: BusinessProfileForm,
  applicationUuid: string,
  appProfileUuid: string,
): BusinessProfileForm {
  const appProfiles = { ...form.appProfiles };
  if (appProfileUuid) appProfiles[applicationUuid] = appProfileUuid;
  else delete appProfiles[applicationUuid];
  return { ...form, appProfiles };
}

/** The options of one application's dropdown: its application profiles, by name. */
export function appProfileOptions(
  appProfiles: readonly ApplicationProfile[],
  applicationUuid: string,
): ApplicationProfile[] {
  return appProfiles
    .filter((p) => p.application.uuid === applicationUuid)
    .sort((a, b) => compareValues(a.name, b.name));
}

/** The chosen application profiles, each with its application, in the order of the applications given. */
function chosen(form: BusinessProfileForm, appProfiles: readonly ApplicationProfile[]) {
  return Object.entries(form.appProfiles).map(([appUUID, uuid]) => {
    const profile = appProfiles.find((p) => p.uuid === uuid);
    return { uuid, name: profile?.name ?? '', appUUID, profile };
  });
}

/** The field → message map of spec §5 (empty: valid). */
export function validateBusinessProfileForm(
  form: BusinessProfileForm,
  appProfiles: readonly ApplicationProfile[],
): ValidationErrors<BusinessProfileField> {
  return validateBusinessProfile({
    ...form,
    minimumRole: { name: form.minimumRole },
    errigalCustomerCompany: form.companyUuid ? { uuid: form.companyUuid } : null,
    // An application profile that is no longer listed has no name: flagged as incomplete.
    appProfiles: chosen(form, appProfiles).map(({ uuid, name, profile, appUUID }) => ({
      uuid,
      name,
      appUUID: profile ? profile.application.uuid : appUUID,
    })),
  });
}

/** The body of POST /profile/business/update (and of the impact preview) for a valid form. */
export function toBusinessProfilePayload(
  form: BusinessProfileForm,
  appProfiles: readonly ApplicationProfile[],
): BusinessProfileInput {
  return {
    ...(form.uuid ? { uuid: form.uuid } : {}),
    name: form.name,
    description: form.description === '' ? null : form.description,
    minimumRole: { name: form.minimumRole as BusinessProfileInput['minimumRole']['name'] },
    errigalCustomerCompany: form.companyUuid ? { uuid: form.companyUuid } : null,
    appProfiles: chosen(form, appProfiles).map(({ uuid, name, appUUID }) => ({
      uuid,
      name,
      application: { uuid: appUUID },
    })),
  };
}

/** The chosen application profiles in words ('Alarm Manager: Alarm Manager - Operator, ...'), by application name. */
export function appProfileNames(
  chosen: Readonly<Record<string, string>>,
  applications: readonly { uuid: string; name: string }[],
  profiles: readonly { uuid: string; name: string }[],
): string {
  const nameOf = (list: readonly { uuid: string; name: string }[], uuid: string) =>
    list.find((x) => x.uuid === uuid)?.name ?? uuid;
  return Object.entries(chosen)
    .filter(([, profile]) => profile)
    .map(([application, profile]) => ({
      application: nameOf(applications, application),
      profile: nameOf(profiles, profile),
    }))
    .sort((a, b) => compareValues(a.application, b.application))
    .map(({ application, profile }) => `${application}: ${profile}`)
    .join(', ');
}
