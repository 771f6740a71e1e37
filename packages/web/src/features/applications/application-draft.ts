// The role and element rows the application editor is changing (design.md:
// valtio for the mutable draft of one complex editor), with module-level
// actions. The editor loads the rows of the record it shows, rows change
// here, and the screen mirrors them into its form for the shared rules, the
// unsaved-changes check and the save.
import { proxy, snapshot } from 'valtio';
import { type ApplicationRow, newRow, type RowList, toggleRowDeletion } from './application-form.ts';

export interface RowsDraft {
  roles: ApplicationRow[];
  elements: ApplicationRow[];
}

export const rowsDraft = proxy<RowsDraft>({ roles: [], elements: [] });

/** Starts the draft over from the rows of a loaded, saved or synced application. */
export function loadRows(rows: Readonly<RowsDraft>): void {
  rowsDraft.roles = rows.roles.map((row) => ({ ...row }));
  rowsDraft.elements = rows.elements.map((row) => ({ ...row }));
}

/** The rows as plain data. */
export function currentRows(): RowsDraft {
  const rows = snapshot(rowsDraft);
  return { roles: [...rows.roles], elements: [...rows.elements] };
}

/** A new row at the end of its list (an element row in the category of its tab); answers its uuid. */
export function addRow(list: RowList, category: string, defaultMinimumRole: string): string {
  const row = newRow(category, defaultMinimumRole);
  rowsDraft[list].push(row);
  return row.uuid;
}

/** Spec §4: a saved row is flagged for deletion (or unflagged), a new row removed. */
export function toggleDeletion(list: RowList, uuid: string): void {
  rowsDraft[list] = toggleRowDeletion(rowsDraft[list], uuid);
}

function rowOf(list: RowList, uuid: string): ApplicationRow | undefined {
  return rowsDraft[list].find((row) => row.uuid === uuid);
}

/** Names a row not saved yet (a saved row's name is what the remote application knows it by). */
export function renameRow(list: RowList, uuid: string, name: string): void {
  const row = rowOf(list, uuid);
  if (row && !row.saved) row.name = name;
}

/** The row's Visible To choice (spec §2): minimum role and customer company. */
export function setRowVisibleTo(list: RowList, uuid: string, minimumRole: string, companyUuid: string | null): void {
  const row = rowOf(list, uuid);
  if (!row) return;
  row.minimumRole = minimumRole;
  row.companyUuid = companyUuid;
}
