// The rows of the application and business profile lists (spec §2) and their
// filters, as pure functions over the cached profile lists.
import { NO_SELECTION } from '@userprofile/shared/constants';
import type { ListColumn } from '../../lib/use-client-list.ts';
import type { Application, ApplicationProfile } from './app-profile-form.ts';
import type { BusinessProfile } from './business-profile-form.ts';

// --- Application profile list ------------------------------------------------

export interface AppProfileRow {
  uuid: string;
  name: string;
  description: string;
  application: string;
  roles: string[];
  /** The elements the profile grants (spec §2 calls them parameters). */
  parameters: string[];
}

export function toAppProfileRow(profile: ApplicationProfile): AppProfileRow {
  return {
    uuid: profile.uuid,
    name: profile.name,
    description: profile.description ?? '',
    application: profile.application.name,
    roles: profile.roles.map((r) => r.name ?? r.uuid),
    parameters: profile.elements.map((e) => e.name ?? e.uuid),
  };
}

/**
 * The list's columns: five case-insensitive substring filters (spec §2, §5);
 * a role or parameter filter matches any of the row's items.
 */
export const APP_PROFILE_COLUMNS: readonly ListColumn<AppProfileRow>[] = [
  { key: 'name', label: 'Name', value: (r) => r.name },
  { key: 'description', label: 'Description', value: (r) => r.description },
  { key: 'application', label: 'Application', value: (r) => r.application },
  { key: 'role', label: 'Role', value: (r) => r.roles.join(', '), filterValue: (r) => r.roles, sort: false },
  {
    key: 'parameter',
    label: 'Parameter',
    value: (r) => r.parameters.join(', '),
    filterValue: (r) => r.parameters,
    sort: false,
  },
];

// --- Business profile list ---------------------------------------------------

export interface BusinessProfileRow {
  uuid: string;
  name: string;
  description: string;
  /** Application uuid → the chosen application profile's name. */
  byApplication: Record<string, string>;
  appProfileNames: string[];
}

export function toBusinessProfileRow(profile: BusinessProfile): BusinessProfileRow {
  const byApplication: Record<string, string> = {};
  for (const ap of profile.appProfiles) byApplication[ap.application.uuid] ??= ap.name;
  return {
    uuid: profile.uuid,
    name: profile.name,
    description: profile.description ?? '',
    byApplication,
    appProfileNames: profile.appProfiles.map((ap) => ap.name),
  };
}

/** The cell of one application's column: the chosen app profile's name, or '---' (spec §2). */
export function appProfileCell(row: BusinessProfileRow, application: Pick<Application, 'uuid'>): string {
  return row.byApplication[application.uuid] ?? NO_SELECTION;
}

/** The comma-separated names of the app profile filter, trimmed, lower-cased, empty ones dropped. */
export function appProfileTerms(text: string): string[] {
  return text
    .split(',')
    .map((term) => term.trim().toLowerCase())
    .filter((term) => term !== '');
}

/**
 * The app profile filter (spec §2): comma-separated names; a row matches
 * when every listed name is a case-insensitive substring of one of its
 * application profiles' names.
 */
export function filterByAppProfiles(rows: readonly BusinessProfileRow[], text: string): readonly BusinessProfileRow[] {
  if (appProfileTerms(text).length === 0) return rows;
  return rows.filter((row) => matchesAppProfiles(row, text));
}

/** One row against the app profile filter (the list's filter rule for it). */
export function matchesAppProfiles(row: BusinessProfileRow, text: string): boolean {
  const names = row.appProfileNames.map((n) => n.toLowerCase());
  return appProfileTerms(text).every((term) => names.some((n) => n.includes(term)));
}

/** The sort value of one application's column: the app profile's name, or missing ('---' sorts last, spec §2). */
export function appProfileSortValue(row: BusinessProfileRow, application: Pick<Application, 'uuid'>): string {
  return row.byApplication[application.uuid] ?? '';
}
