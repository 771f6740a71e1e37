// The user form (spec §2 "User edit/create", §4, §5) as pure functions: the
// draft the screen edits, its mapping from and to the wire, the rules of
// shared/validation.ts, the category tabs, and the 'Snmp Manager' default
// tree options.
import {
  CLONE_SUFFIX,
  DEFAULT_MINIMUM_ROLE,
  DEFAULT_TREE_CATEGORY,
  SNMP_MANAGER_APPLICATION,
} from '@userprofile/shared/constants';
import { categoryToTabLabel } from '@userprofile/shared/list';
import { cloneTexts } from '@userprofile/shared/messages';
import { type UserField, type ValidationErrors, validateUser } from '@userprofile/shared/validation';
import type { BusinessProfile } from '../../lib/data/business-profiles.ts';
import type { Location } from '../../lib/data/locations.ts';
import type { VisibilityProfile } from '../../lib/data/visibility-profiles.ts';
import { listInWords } from '../../lib/edit-conflict.ts';
import type { UserElementConfig, UserInput } from './api.ts';
import type { User } from './list-view.ts';

export interface UserForm {
  /** Null: a new user (create mode). */
  uuid: string | null;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  deskPhone: string;
  mobilePhone: string;
  active: boolean;
  /** '' for none. */
  locationUuid: string;
  businessProfileUuid: string;
  visibilityProfileUuid: string;
  minimumRole: string;
  /** Null: visible to every company. */
  companyUuid: string | null;
  /** The chosen element per category ('' or absent for none). */
  elements: Record<string, string>;
}

/** The lists the form's selects offer. */
export interface UserFormLookups {
  businessProfiles: readonly BusinessProfile[];
  visibilityProfiles: readonly VisibilityProfile[];
  locations: readonly Location[];
  config: readonly UserElementConfig[];
}

export interface ElementOption {
  uuid: string;
  name: string;
}

/** The form of a loaded user, or of a new user with the given default minimum role. */
export function toUserForm(user: User | null, defaultMinimumRole: string = DEFAULT_MINIMUM_ROLE): UserForm {
  const elements: Record<string, string> = {};
  for (const element of user?.elements ?? []) {
    if (!(element.category in elements)) elements[element.category] = element.uuid;
  }
  return {
    uuid: user?.uuid ?? null,
    username: user?.username ?? '',
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    deskPhone: user?.deskPhone ?? '',
    mobilePhone: user?.mobilePhone ?? '',
    active: user?.active ?? true,
    locationUuid: user?.location?.uuid ?? '',
    businessProfileUuid: user?.businessProfile?.uuid ?? '',
    visibilityProfileUuid: user?.visibilityProfile?.uuid ?? '',
    minimumRole: user?.minimumRole?.name ?? defaultMinimumRole,
    companyUuid: user?.errigalCustomerCompany?.uuid ?? null,
    elements,
  };
}

/**
 * What Clone leaves empty, in the form's order, in the words of the clone's
 * note: what reaches one person (reset mails would go to the original).
 */
export const CLONE_LEFT_EMPTY = { email: 'e-mail', deskPhone: 'desk phone', mobilePhone: 'mobile phone' } as const;

/**
 * Spec §4 "Clone": the form copied, uuid cleared, '_clone' appended to the
 * username, the fields of CLONE_LEFT_EMPTY empty.
 */
export function cloneForm(form: UserForm): UserForm {
  const emptied = Object.fromEntries(Object.keys(CLONE_LEFT_EMPTY).map((key) => [key, '']));
  return {
    ...form,
    ...emptied,
    uuid: null,
    username: form.username + CLONE_SUFFIX,
    elements: { ...form.elements },
  };
}

/** The line on a cloned user's form: where it came from and what it left empty. */
export function cloneNote(from: string): string {
  return cloneTexts.leftEmpty(from, listInWords(Object.values(CLONE_LEFT_EMPTY)));
}

/**
 * The elements of one category the business profile offers. The default tree
 * (NOVA_NOVA_TREE) comes from the profile's 'Snmp Manager' application only
 * (spec §4); other categories from all its applications.
 */
export function elementOptions(profile: BusinessProfile | undefined, category: string): ElementOption[] {
  const options = new Map<string, ElementOption>();
  for (const appProfile of profile?.appProfiles ?? []) {
    if (category === DEFAULT_TREE_CATEGORY && appProfile.application.name !== SNMP_MANAGER_APPLICATION) continue;
    for (const element of appProfile.elements ?? []) {
      if (element.category === category && !options.has(element.uuid)) {
        options.set(element.uuid, { uuid: element.uuid, name: element.name ?? element.uuid });
      }
    }
  }
  return [...options.values()];
}

export interface CategoryTab {
  category: string;
  /** 'NOVA_NOVA_TREE' → 'Nova Nova Trees'. */
  tab: string;
  /** The field label from the element config. */
  label: string;
  options: ElementOption[];
}

/** One tab per configured category the business profile has elements in (the others are hidden). */
export function categoryTabs(
  config: readonly UserElementConfig[],
  profile: BusinessProfile | undefined,
): CategoryTab[] {
  const tabs: CategoryTab[] = [];
  for (const entry of config) {
    if (entry.type !== 'dropdown' || tabs.some((t) => t.category === entry.category)) continue;
    const options = elementOptions(profile, entry.category);
    if (options.length > 0) {
      tabs.push({ category: entry.category, tab: categoryToTabLabel(entry.category), label: entry.label, options });
    }
  }
  return tabs;
}

/**
 * Spec §4 "Business profile change": the element choices are reloaded from
 * the new profile; a choice the new profile still offers is kept.
 */
export function changeBusinessProfile(
  form: UserForm,
  businessProfileUuid: string,
  profiles: readonly BusinessProfile[],
): UserForm {
  const profile = profiles.find((p) => p.uuid === businessProfileUuid);
  const elements: Record<string, string> = {};
  for (const [category, uuid] of Object.entries(form.elements)) {
    if (uuid && elementOptions(profile, category).some((o) => o.uuid === uuid)) elements[category] = uuid;
  }
  return { ...form, businessProfileUuid, elements };
}

function chosenElements(form: UserForm, lookups: UserFormLookups) {
  const profile = lookups.businessProfiles.find((p) => p.uuid === form.businessProfileUuid);
  return categoryTabs(lookups.config, profile).flatMap((tab) => {
    const option = tab.options.find((o) => o.uuid === form.elements[tab.category]);
    return option
      ? [{ uuid: option.uuid, name: option.name, label: tab.label, category: tab.category, actualValue: option.name }]
      : [];
  });
}

/** The field → message map of spec §5 for the form (empty: valid). */
export function validateUserForm(form: UserForm, lookups: UserFormLookups): ValidationErrors<UserField> {
  const profile = lookups.businessProfiles.find((p) => p.uuid === form.businessProfileUuid);
  return validateUser(
    {
      ...form,
      businessProfile: { uuid: form.businessProfileUuid },
      visibilityProfile: { uuid: form.visibilityProfileUuid },
      location: form.locationUuid ? { uuid: form.locationUuid } : null,
      minimumRole: { name: form.minimumRole },
      errigalCustomerCompany: form.companyUuid ? { uuid: form.companyUuid } : null,
      elements: chosenElements(form, lookups),
    },
    { businessProfileOffersDefaultTree: elementOptions(profile, DEFAULT_TREE_CATEGORY).length > 0 },
  );
}

const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value);

/** The body of POST /user/update (`user`) for a valid form. */
export function toUserPayload(form: UserForm, lookups: UserFormLookups): UserInput {
  const business = lookups.businessProfiles.find((p) => p.uuid === form.businessProfileUuid);
  const visibility = lookups.visibilityProfiles.find((p) => p.uuid === form.visibilityProfileUuid);
  const location = lookups.locations.find((l) => l.uuid === form.locationUuid);
  if (!business || !visibility) throw new Error('toUserPayload: the form has no valid business or visibility profile');
  return {
    ...(form.uuid ? { uuid: form.uuid } : {}),
    username: form.username,
    email: form.email.trim(),
    firstName: form.firstName,
    lastName: form.lastName,
    deskPhone: blankToNull(form.deskPhone),
    mobilePhone: blankToNull(form.mobilePhone),
    active: form.active,
    location: location
      ? {
          uuid: location.uuid,
          name: location.name,
          latitude: location.latitude ?? null,
          longitude: location.longitude ?? null,
        }
      : null,
    businessProfile: { uuid: business.uuid, name: business.name },
    visibilityProfile: { uuid: visibility.uuid, name: visibility.name },
    minimumRole: { name: form.minimumRole as NonNullable<UserInput['minimumRole']>['name'] },
    errigalCustomerCompany: form.companyUuid ? { uuid: form.companyUuid } : null,
    elements: chosenElements(form, lookups),
  };
}

const USER_FIELD_LABELS: Partial<Record<keyof UserForm, string>> = {
  email: 'Email',
  firstName: 'First Name',
  lastName: 'Last Name',
  deskPhone: 'Desk Phone',
  mobilePhone: 'Mobile Phone',
  active: 'Status',
  locationUuid: 'Location',
  businessProfileUuid: 'Profile',
  visibilityProfileUuid: 'Visibility',
  minimumRole: 'Visible To',
  companyUuid: 'Company',
};

/**
 * A field of the form as the conflict dialog shows it: its
 * label and its value in words (names, not uuids); null for what it does not
 * list (the uuid, the username that cannot change).
 */
export function describeUserField(
  key: keyof UserForm,
  form: UserForm,
  lookups: UserFormLookups | null,
  companies: readonly { uuid: string; name: string }[] | null,
): { label: string; value: string } | null {
  const nameIn = (list: readonly { uuid: string; name: string }[] | undefined | null, uuid: string | null) =>
    uuid ? (list?.find((x) => x.uuid === uuid)?.name ?? uuid) : '';
  if (key === 'elements') {
    const profile = lookups?.businessProfiles.find((p) => p.uuid === form.businessProfileUuid);
    const tabs = lookups ? categoryTabs(lookups.config, profile) : [];
    const value = Object.entries(form.elements)
      .filter(([, uuid]) => uuid)
      .map(([category, uuid]) => {
        const tab = tabs.find((t) => t.category === category);
        return `${tab?.label ?? category}: ${tab?.options.find((o) => o.uuid === uuid)?.name ?? uuid}`;
      })
      .join(', ');
    return { label: 'Elements', value };
  }
  const label = USER_FIELD_LABELS[key];
  if (!label) return null;
  if (key === 'active') return { label, value: form.active ? 'Active' : 'Inactive' };
  if (key === 'locationUuid') return { label, value: nameIn(lookups?.locations, form.locationUuid) };
  if (key === 'businessProfileUuid')
    return { label, value: nameIn(lookups?.businessProfiles, form.businessProfileUuid) };
  if (key === 'visibilityProfileUuid')
    return { label, value: nameIn(lookups?.visibilityProfiles, form.visibilityProfileUuid) };
  if (key === 'companyUuid') return { label, value: nameIn(companies, form.companyUuid) };
  return { label, value: String(form[key] ?? '') };
}
