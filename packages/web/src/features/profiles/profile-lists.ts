// The rows of the application and business profile lists (spec §2) and their
// filters, as pure functions over the cached profile lists.
import { NO_SELECTION } from '@userprofile/shared/constants';
import { filterRows, type RowFilter } from '@userprofile/shared/list';
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

export interface AppProfileFilters {
  name: string;
  description: string;
  application: string;
  role: string;
  parameter: string;
}

export const emptyAppProfileFilters: AppProfileFilters = {
  name: '',
  description: '',
  application: '',
  role: '',
  parameter: '',
};

/** Five case-insensitive substring filters (spec §2, §5); a role or parameter filter matches any of the row's items. */
export function filterAppProfileRows(rows: readonly AppProfileRow[], f: AppProfileFilters): readonly AppProfileRow[] {
  const filters: RowFilter<AppProfileRow>[] = [
    { column: 'name', text: f.name },
    { column: 'description', text: f.description },
    { column: 'application', text: f.application },
    { column: 'roles', text: f.role },
    { column: 'parameters', text: f.parameter },
  ];
  return filterRows(rows, filters);
}

/** The expand toggle (spec §2): collapsed, a list shows its first item followed by ' ...' when there are more. */
export function collapsedItems(items: readonly string[], expanded: boolean): string[] {
  if (expanded || items.length <= 1) return [...items];
  return [`${items[0]} ...`];
}

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

export interface BusinessProfileFilters {
  name: string;
  description: string;
  /** Comma-separated application profile names. */
  appProfiles: string;
}

export const emptyBusinessProfileFilters: BusinessProfileFilters = { name: '', description: '', appProfiles: '' };

/** The comma-separated names of the app profile filter, trimmed, lower-cased, empty ones dropped. */
export function appProfileTerms(text: string): string[] {
  return text
    .split(',')
    .map((term) => term.trim().toLowerCase())
    .filter((term) => term !== '');
}

/**
 * Name and description: case-insensitive substring. App profiles:
 * comma-separated names; a row matches when every listed name is a
 * substring of one of its application profiles' names.
 */
export function filterBusinessProfileRows(
  rows: readonly BusinessProfileRow[],
  f: BusinessProfileFilters,
): readonly BusinessProfileRow[] {
  const byText = filterRows(rows, [
    { column: 'name', text: f.name },
    { column: 'description', text: f.description },
  ]);
  const terms = appProfileTerms(f.appProfiles);
  if (terms.length === 0) return byText;
  return byText.filter((row) => {
    const names = row.appProfileNames.map((n) => n.toLowerCase());
    return terms.every((term) => names.some((n) => n.includes(term)));
  });
}
