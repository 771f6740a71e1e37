// The activity log's calls (extensions: GET /activity, /activity/export,
// /activity/retention). A backend without them throws NotOfferedError
// (lib/extensions.ts), which the screen reads as "not kept here"; a query the
// server refuses is a 400 naming `query.q`, the screen's to show beside the
// query, never the global handler's.
import type { components } from '@userprofile/shared/generated/api';
import { api, expectFailure, withLoading } from '../../lib/api/client.ts';
import { type ErrorBody, isApiError } from '../../lib/api/errors.ts';
import { fileNameOf } from '../../lib/download.ts';
import { callExtension } from '../../lib/extensions.ts';

export type ActivityPage = components['schemas']['ActivityPage'];
export type ActivityEvent = components['schemas']['ActivityEvent'];
export type ActivityRetention = components['schemas']['ActivityRetention'];
export type ExportFormat = 'csv' | 'ndjson';

/** Events per page (the server's default; it takes 1 to 200). */
export const ACTIVITY_PAGE_SIZE = 50;

/** One page: the newest (no cursor), older than a page (`before`), or recorded since one (`after`). */
export async function fetchActivity(
  q: string,
  cursor: { before?: string; after?: string } = {},
  limit = ACTIVITY_PAGE_SIZE,
): Promise<ActivityPage> {
  return callExtension('listActivity', async (offer) => {
    const { data } = await api().GET('/api/v1/activity', {
      params: { query: { ...(q ? { q } : {}), limit: String(limit), ...cursor } },
      middleware: [...offer, expectFailure(400)],
    });
    return data as ActivityPage;
  });
}

export async function fetchRetention(): Promise<ActivityRetention> {
  return callExtension('getActivityRetention', async (offer) => {
    const { data } = await api().GET('/api/v1/activity/retention', { middleware: offer });
    return data as ActivityRetention;
  });
}

/** Every event of the query as a file, with the name the server gave it. */
export async function exportActivity(q: string, format: ExportFormat): Promise<{ blob: Blob; fileName: string }> {
  return callExtension('exportActivity', async (offer) => {
    const { data, response } = await api().GET('/api/v1/activity/export', {
      params: { query: { ...(q ? { q } : {}), format } },
      parseAs: 'blob',
      middleware: [withLoading('Exporting...'), ...offer, expectFailure(400)],
    });
    return { blob: data as Blob, fileName: fileNameOf(response, `activity.${format}`) };
  });
}

/** The server's reason for refusing the text query (a 400 naming `query.q`), or null for any other failure. */
export function queryRefusal(error: unknown): string | null {
  if (!isApiError(error, 400)) return null;
  const body = (error.body ?? {}) as ErrorBody;
  const named = body.errors?.find((e) => e.field === 'query.q');
  if (named) return named.reason || body.message || 'The query was refused';
  return null;
}
