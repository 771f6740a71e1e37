// The access questions' calls (designed: GET /app/{uuid}/holders,
// its CSV export, GET /access/check), and what the pickers of Check Access
// choose from. 404/405/501 are the screens' business: a record gone or hidden
// from the reader, or a backend without the calls.

import { csvText } from '@userprofile/shared/csv';
import type { components } from '@userprofile/shared/generated/api';
import { compareValues } from '@userprofile/shared/list';
import type { FindOption } from '../../components/ui/find-picker.tsx';
import { api, withLoading } from '../../lib/api/client.ts';
import { createDataCache } from '../../lib/data/cache.ts';
import { fileNameOf } from '../../lib/download.ts';
import { extensionOrDerived } from '../../lib/extensions.ts';
import type { AccessQuestion, HeldRowRef, HolderFilters } from '../../lib/paths.ts';
import { deriveCheck, deriveHolders, deriveHoldersCsv, type Progress, userOf } from './derived.ts';

export type { Progress };

export type AccessHolders = components['schemas']['AccessHolders'];
export type AccessHolder = components['schemas']['AccessHolder'];
export type AccessCheck = components['schemas']['AccessCheck'];
export type HeldRow = components['schemas']['HeldRow'];

/** Users per page of Who Has It. */
export const HOLDERS_PAGE_SIZE = 50;

const holderQuery = (row: HeldRowRef, filters: HolderFilters) => ({
  ...row,
  ...(filters.status && filters.status !== 'all' ? { status: filters.status } : {}),
  ...(filters.q ? { q: filters.q } : {}),
});

/**
 * A page of Who Has It: the extension's answer where the backend offers it,
 * else worked out from spec §7 calls (a spec-only backend), with `onProgress` told how
 * the profiles' users come in.
 */
export async function fetchHolders(
  applicationUuid: string,
  row: HeldRowRef,
  filters: HolderFilters,
  size = HOLDERS_PAGE_SIZE,
  onProgress: (progress: Progress) => void = () => undefined,
): Promise<AccessHolders> {
  return extensionOrDerived(
    'listAccessHolders',
    async (middleware) => {
      const { data } = await api().GET('/api/v1/app/{uuid}/holders', {
        params: {
          path: { uuid: applicationUuid },
          query: { ...holderQuery(row, filters), page: String(filters.page ?? 1), size: String(size) },
        },
        middleware,
      });
      return data as AccessHolders;
    },
    () => deriveHolders(applicationUuid, row, filters, size, onProgress),
  );
}

/** Every holder matching the filters, as CSV, with the file name the server gave it (or the same, derived). */
export async function exportHolders(
  applicationUuid: string,
  row: HeldRowRef,
  filters: HolderFilters,
): Promise<{ blob: Blob; fileName: string }> {
  return extensionOrDerived(
    'exportAccessHolders',
    async (middleware) => {
      const { data, response } = await api().GET('/api/v1/app/{uuid}/holders/export', {
        params: { path: { uuid: applicationUuid }, query: holderQuery(row, filters) },
        parseAs: 'blob',
        middleware: [withLoading('Exporting...'), ...middleware],
      });
      return { blob: data as Blob, fileName: fileNameOf(response, 'holders.csv') };
    },
    async () => {
      const csv = await deriveHoldersCsv(applicationUuid, row, filters);
      const text = csvText([csv.header, ...csv.rows]);
      return { blob: new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName: csv.fileName };
    },
  );
}

/** Check Access: the extension's answer where the backend offers it, else worked out from spec §7 calls. */
export async function fetchCheck(question: Required<Pick<AccessQuestion, 'user' | 'application'>> & HeldRowRef) {
  return extensionOrDerived(
    'checkAccess',
    async (middleware) => {
      const { data } = await api().GET('/api/v1/access/check', { params: { query: question }, middleware });
      return data as AccessCheck;
    },
    () => deriveCheck(question),
  );
}

/** The picked user's name for a deep link (the user list loads only when the picker is used). */
export async function fetchUsername(uuid: string): Promise<string> {
  return (await userOf(uuid))?.username ?? '';
}

/** Every user the reader sees, as picker options by username: loaded on first use, cleared at sign-out. */
export const userOptions = createDataCache('users', async (): Promise<FindOption[]> => {
  const [active, inactive] = await Promise.all([
    api().GET('/api/v1/user/list/active'),
    api().GET('/api/v1/user/list/inactive'),
  ]);
  return [...(active.data ?? []), ...(inactive.data ?? [])]
    .sort((a, b) => compareValues(a.username, b.username))
    .map((u) => ({
      value: u.uuid,
      label: u.username,
      detail: `${u.firstName} ${u.lastName}${u.active ? '' : ' (inactive)'}`,
    }));
});
