// The application form (spec §2 "Application edit", §3, §4, §5) as pure
// functions: the draft the editor edits, its mapping from and to the wire,
// the rules of shared/validation.ts, the element category tabs, and spec §4's
// row deletion. The passwords are write-only (docs/wire-and-errors.md
// "Applications and OAuth2 clients"): a saved
// application's form starts with them empty, and an empty one is left out of
// the body so the server keeps the stored password.

import { API_AUTH_TYPES, type ApiAuthType, DEFAULT_MINIMUM_ROLE } from '@userprofile/shared/constants';
import type { components } from '@userprofile/shared/generated/api';
import { categoryToTabLabel } from '@userprofile/shared/list';
import { type ApplicationField, type ValidationErrors, validateApplication } from '@userprofile/shared/validation';
import { describeFields } from '../../lib/edit-conflict.ts';

export type Application = components['schemas']['Application'];
export type ApplicationInput = components['schemas']['ApplicationInput'];
type ApplicationItem = components['schemas']['ApplicationItem'];

export type RowList = 'roles' | 'elements';

/** A role or element row as the editor holds it. */
export interface ApplicationRow {
  /** A saved row's uuid, or the one the console made for a new row (docs/wire-and-errors.md "Applications and OAuth2 clients"). */
  uuid: string;
  /** False for a row added in this editor and not saved yet: deleting it removes it (spec §4). */
  saved: boolean;
  name: string;
  externalRole: boolean;
  category: string;
  minimumRole: string;
  /** Null: visible to every company. */
  companyUuid: string | null;
  /** A saved row flagged for deletion: left out of the next save (spec §4). */
  deleted: boolean;
}

export interface ApplicationForm {
  /** Null: a new application (create mode). */
  uuid: string | null;
  name: string;
  dataUrl: string;
  dataDriverName: string;
  dataUsername: string;
  /** '' on a saved application keeps the stored password. */
  dataPassword: string;
  apiHost: string;
  apiAuthType: ApiAuthType | '';
  apiUsername: string;
  /** '' on a saved application keeps the stored password. */
  apiPassword: string;
  roles: ApplicationRow[];
  elements: ApplicationRow[];
}

/** The category role rows carry on the wire (elements carry their own). */
export const ROLE_CATEGORY = 'ROLE';

function toRow(item: ApplicationItem): ApplicationRow {
  return {
    uuid: item.uuid,
    saved: true,
    name: item.name,
    externalRole: item.externalRole,
    category: item.category ?? '',
    minimumRole: item.minimumRole.name,
    companyUuid: item.errigalCustomerCompany?.uuid ?? null,
    deleted: false,
  };
}

function isApiAuthType(value: unknown): value is ApiAuthType {
  return (API_AUTH_TYPES as readonly unknown[]).includes(value);
}

/** The form of a loaded application, or an empty one to create. */
export function toApplicationForm(app: Application | null): ApplicationForm {
  return {
    uuid: app?.uuid ?? null,
    name: app?.name ?? '',
    dataUrl: app?.dataUrl ?? '',
    dataDriverName: app?.dataDriverName ?? '',
    dataUsername: app?.dataUsername ?? '',
    dataPassword: '',
    apiHost: app?.apiHost ?? '',
    apiAuthType: isApiAuthType(app?.apiAuthType) ? app.apiAuthType : '',
    apiUsername: app?.apiUsername ?? '',
    apiPassword: '',
    roles: (app?.roles ?? []).map(toRow),
    elements: (app?.elements ?? []).map(toRow),
  };
}

function toItem(row: ApplicationRow): ApplicationItem {
  return {
    uuid: row.uuid,
    name: row.name.trim(),
    externalRole: row.externalRole,
    category: row.category,
    minimumRole: { name: row.minimumRole as ApplicationItem['minimumRole']['name'] },
    errigalCustomerCompany: row.companyUuid ? { uuid: row.companyUuid } : null,
  };
}

/** The save body: rows flagged for deletion left out, an empty password of a saved application left out. */
export function toApplicationPayload(form: ApplicationForm): ApplicationInput {
  const keepStored = form.uuid !== null;
  const payload: ApplicationInput = {
    ...(form.uuid ? { uuid: form.uuid } : {}),
    name: form.name.trim(),
    dataUrl: form.dataUrl.trim(),
    dataDriverName: form.dataDriverName.trim(),
    dataUsername: form.dataUsername.trim(),
    apiHost: form.apiHost.trim(),
    apiAuthType: form.apiAuthType as ApiAuthType,
    apiUsername: form.apiUsername.trim(),
    roles: form.roles.filter((row) => !row.deleted).map(toItem),
    elements: form.elements.filter((row) => !row.deleted).map(toItem),
  };
  if (!(keepStored && form.dataPassword === '')) payload.dataPassword = form.dataPassword;
  if (!(keepStored && form.apiPassword === '')) payload.apiPassword = form.apiPassword;
  return payload;
}

/** Spec §5 through the shared rules; row keys use the index in `form.roles` / `form.elements`. */
export function validateApplicationForm(form: ApplicationForm): ValidationErrors<ApplicationField> {
  const row = (r: ApplicationRow) => ({
    uuid: r.uuid,
    name: r.name,
    deleted: r.deleted,
    minimumRole: { name: r.minimumRole },
    errigalCustomerCompany: r.companyUuid ? { uuid: r.companyUuid } : null,
  });
  return validateApplication(
    { ...form, roles: form.roles.map(row), elements: form.elements.map(row) },
    { passwordsStored: form.uuid !== null },
  );
}

/** The first message of a row, if any (the row shows one line). */
export function rowError(errors: ValidationErrors<ApplicationField>, list: RowList, index: number): string | undefined {
  for (const field of ['name', 'uuid', 'minimumRole', 'errigalCustomerCompany'] as const) {
    const message = errors[`${list}.${index}.${field}`];
    if (message) return message;
  }
  return undefined;
}

export interface CategoryTab {
  category: string;
  /** 'NOVA_NOVA_TREE' → 'Nova Nova Trees'. */
  label: string;
}

/** One tab per element category, in the order the categories first appear. */
export function elementCategoryTabs(elements: readonly ApplicationRow[]): CategoryTab[] {
  const seen = new Set<string>();
  const tabs: CategoryTab[] = [];
  for (const row of elements) {
    if (seen.has(row.category)) continue;
    seen.add(row.category);
    tabs.push({ category: row.category, label: categoryToTabLabel(row.category) || 'Elements' });
  }
  return tabs;
}

/** A new, unsaved row, with its uuid made now and the default visibility. */
export function newRow(
  category: string,
  defaultMinimumRole: string = DEFAULT_MINIMUM_ROLE,
  makeUuid: () => string = () => crypto.randomUUID(),
): ApplicationRow {
  return {
    uuid: makeUuid(),
    saved: false,
    name: '',
    externalRole: false,
    category,
    minimumRole: defaultMinimumRole,
    companyUuid: null,
    deleted: false,
  };
}

/**
 * Spec §4 row deletion: a saved row is flagged for deletion, or unflagged
 * again; a row not saved yet is removed. Answers the new list.
 */
export function toggleRowDeletion(rows: readonly ApplicationRow[], uuid: string): ApplicationRow[] {
  const row = rows.find((r) => r.uuid === uuid);
  if (!row) return [...rows];
  if (!row.saved) return rows.filter((r) => r !== row);
  return rows.map((r) => (r === row ? { ...r, deleted: !r.deleted } : r));
}

/** The application's fields as the conflict dialog shows them (the passwords, never read back, are left out). */
export const describeApplicationField = describeFields<ApplicationForm>(
  {
    name: 'Name',
    dataUrl: 'Data Url',
    dataDriverName: 'Data Driver',
    dataUsername: 'Data Username',
    apiHost: 'API Host',
    apiAuthType: 'API Auth Type',
    apiUsername: 'API Username',
    roles: 'Roles',
    elements: 'Elements',
  },
  {
    roles: (rows) => rowNames(rows),
    elements: (rows) => rowNames(rows),
  },
);

function rowNames(rows: readonly ApplicationRow[]): string {
  return rows
    .filter((row) => !row.deleted)
    .map((row) => (row.category ? `${row.name} (${row.category})` : row.name))
    .join(', ');
}
