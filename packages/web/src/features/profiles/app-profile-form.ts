// The application profile form (spec §2 "Application profile edit", §4, §5)
// as pure functions: the draft the screen edits, its mapping from and to the
// wire, the rules of shared/validation.ts, the Roles and category tabs of
// the chosen application, Add All / Remove All, and Clone.
import { CLONE_SUFFIX, DEFAULT_MINIMUM_ROLE } from '@userprofile/shared/constants';
import type { components } from '@userprofile/shared/generated/api';
import { categoryToTabLabel, compareValues } from '@userprofile/shared/list';
import { pageTexts } from '@userprofile/shared/messages';
import { type AppProfileField, type ValidationErrors, validateAppProfile } from '@userprofile/shared/validation';

export type ApplicationProfile = components['schemas']['ApplicationProfile'];
export type ApplicationProfileInput = components['schemas']['ApplicationProfileInput'];
export type Application = components['schemas']['Application'];
export type ApplicationItem = components['schemas']['ApplicationItem'];

export interface AppProfileForm {
  /** Null: a new profile (create mode). */
  uuid: string | null;
  name: string;
  description: string;
  /** '' until an application is chosen; locked once the profile is saved (spec §4). */
  applicationUuid: string;
  minimumRole: string;
  /** Null: visible to every company. */
  companyUuid: string | null;
  /** uuids of the application's roles the profile grants. */
  roles: string[];
  /** uuids of the application's elements the profile grants, every category together. */
  elements: string[];
}

/** The form of a loaded profile, or of a new one with the current user's default minimum role (spec §6). */
export function toAppProfileForm(
  profile: ApplicationProfile | null,
  defaultMinimumRole: string | null | undefined = DEFAULT_MINIMUM_ROLE,
): AppProfileForm {
  return {
    uuid: profile?.uuid ?? null,
    name: profile?.name ?? '',
    description: profile?.description ?? '',
    applicationUuid: profile?.application.uuid ?? '',
    minimumRole: profile?.minimumRole?.name ?? defaultMinimumRole ?? DEFAULT_MINIMUM_ROLE,
    companyUuid: profile?.errigalCustomerCompany?.uuid ?? null,
    roles: (profile?.roles ?? []).map((r) => r.uuid),
    elements: (profile?.elements ?? []).map((e) => e.uuid),
  };
}

/** Clone Profile (like spec §4 "Clone" of a user): the form copied, uuid cleared, '_clone' appended to the name. */
export function cloneAppProfileForm(form: AppProfileForm): AppProfileForm {
  return { ...form, uuid: null, name: form.name + CLONE_SUFFIX, roles: [...form.roles], elements: [...form.elements] };
}

/** The application is locked once the profile is saved (spec §4). */
export function applicationLocked(form: AppProfileForm): boolean {
  return form.uuid !== null;
}

/** Choosing another application (new profiles only): the roles and elements of the old one no longer apply. */
export function chooseApplication(form: AppProfileForm, applicationUuid: string): AppProfileForm {
  if (applicationLocked(form) || applicationUuid === form.applicationUuid) return form;
  return { ...form, applicationUuid, roles: [], elements: [] };
}

export interface ElementCategoryTab {
  category: string;
  /** 'ALARM_SEVERITY_FILTER' → 'Alarm Severity Filters'. */
  label: string;
  elements: ApplicationItem[];
}

const byName = (a: { name: string }, b: { name: string }) => compareValues(a.name, b.name);

/** The Roles tab: the application's roles by name. */
export function roleRows(application: Application | undefined): ApplicationItem[] {
  return [...(application?.roles ?? [])].sort(byName);
}

/** One tab per element category of the application, in order of first appearance, elements by name. */
export function elementCategoryTabs(application: Application | undefined): ElementCategoryTab[] {
  const tabs = new Map<string, ElementCategoryTab>();
  for (const element of application?.elements ?? []) {
    const category = element.category ?? '';
    let tab = tabs.get(category);
    if (!tab) {
      tab = { category, label: categoryToTabLabel(category) || 'Elements', elements: [] };
      tabs.set(category, tab);
    }
    tab.elements.push(element);
  }
  for (const tab of tabs.values()) tab.elements.sort(byName);
  return [...tabs.values()];
}

type Granted = 'roles' | 'elements';

/** Grants or takes away one role or element. */
export function toggleGrant(form: AppProfileForm, list: Granted, uuid: string, granted: boolean): AppProfileForm {
  const has = form[list].includes(uuid);
  if (has === granted) return form;
  return { ...form, [list]: granted ? [...form[list], uuid] : form[list].filter((id) => id !== uuid) };
}

/** Add All / Remove All over the rows of one tab (the other tabs' choices stay). */
export function setAllGrants(
  form: AppProfileForm,
  list: Granted,
  rows: readonly { uuid: string }[],
  granted: boolean,
): AppProfileForm {
  const ids = new Set(rows.map((r) => r.uuid));
  const kept = form[list].filter((id) => !ids.has(id));
  return { ...form, [list]: granted ? [...kept, ...rows.map((r) => r.uuid)] : kept };
}

/** The field → message map of spec §5 (empty: valid). */
export function validateAppProfileForm(form: AppProfileForm): ValidationErrors<AppProfileField> {
  return validateAppProfile({
    ...form,
    application: form.applicationUuid ? { uuid: form.applicationUuid } : null,
    minimumRole: { name: form.minimumRole },
    errigalCustomerCompany: form.companyUuid ? { uuid: form.companyUuid } : null,
  });
}

/**
 * What the application field says under it (spec §5): 'Loading profiles,
 * please wait...' while the applications load, else its validation message.
 */
export function applicationFieldMessage(
  applications: readonly Application[] | null,
  errors: ValidationErrors<AppProfileField>,
): { text: string; invalid: boolean } | null {
  if (applications === null) return { text: pageTexts.loadingProfiles, invalid: false };
  return errors.application ? { text: errors.application, invalid: true } : null;
}

/** The body of POST /profile/app/update (and of the impact preview) for a valid form. */
export function toAppProfilePayload(
  form: AppProfileForm,
  applications: readonly Application[],
): ApplicationProfileInput {
  const application = applications.find((a) => a.uuid === form.applicationUuid);
  if (!application) throw new Error('toAppProfilePayload: the form has no valid application');
  // Only rows the application still has: a row deleted meanwhile would make the save fail.
  const roles = new Set(application.roles.map((r) => r.uuid));
  const elements = new Set(application.elements.map((e) => e.uuid));
  return {
    ...(form.uuid ? { uuid: form.uuid } : {}),
    name: form.name,
    description: form.description === '' ? null : form.description,
    application: { uuid: application.uuid, name: application.name },
    minimumRole: { name: form.minimumRole as ApplicationProfileInput['minimumRole']['name'] },
    errigalCustomerCompany: form.companyUuid ? { uuid: form.companyUuid } : null,
    roles: form.roles.filter((id) => roles.has(id)).map((uuid) => ({ uuid })),
    elements: form.elements.filter((id) => elements.has(id)).map((uuid) => ({ uuid })),
  };
}
