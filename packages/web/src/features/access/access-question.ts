// The choice of the access screens as it lives in the URL (deep links): the
// Check Access question (user, application, role or element) and the Who Has
// It filters (status, text, page). Plain functions, tested beside.
import type { AccessQuestion, HeldRowRef, HolderFilters } from '../../lib/paths.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOf = (value: string | null) => (value && UUID.test(value) ? value : undefined);

/** The question of a Check Access URL's query; anything not a uuid is left out. */
export function parseQuestion(search: string): AccessQuestion {
  const q = new URLSearchParams(search);
  const role = uuidOf(q.get('role'));
  return {
    user: uuidOf(q.get('user')),
    application: uuidOf(q.get('application')),
    role,
    // One row at a time: a role wins over an element.
    element: role ? undefined : uuidOf(q.get('element')),
  };
}

/** The row a query asks about, or null. */
export function rowOf(question: Pick<AccessQuestion, 'role' | 'element'>): HeldRowRef | null {
  if (question.role) return { role: question.role };
  if (question.element) return { element: question.element };
  return null;
}

/** A row picker's option value ('role:uuid' / 'element:uuid') and back. */
export const rowValue = (row: HeldRowRef | null) =>
  row ? (row.role ? `role:${row.role}` : `element:${row.element}`) : null;

export function rowFromValue(value: string | null): HeldRowRef | null {
  const [kind, uuid] = value?.split(':') ?? [];
  if (!uuid) return null;
  if (kind === 'role') return { role: uuid };
  if (kind === 'element') return { element: uuid };
  return null;
}

/** The Who Has It filters of its URL's query: status all / active / inactive, the text, the page from 1. */
export function parseHolderFilters(search: string): Required<HolderFilters> {
  const q = new URLSearchParams(search);
  const status = q.get('status');
  const page = Number(q.get('page'));
  return {
    status: status === 'active' || status === 'inactive' ? status : 'all',
    q: (q.get('q') ?? '').slice(0, 255),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}
