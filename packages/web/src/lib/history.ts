// Recorded history of a record (openapi: GET /history/{kind}/{uuid},
// x-designed): newest first, a page at a time, older pages by `before`.
import type { components } from '@userprofile/shared/generated/api';
import { api } from './api/client.ts';
import { callExtension } from './extensions.ts';

export type HistoryKind = components['schemas']['HistoryKind'];
export type HistoryEntry = components['schemas']['HistoryEntry'];
export type HistoryPage = components['schemas']['HistoryPage'];

export const HISTORY_PAGE_SIZE = 50;

/**
 * One page of a record's history, newest first; `before` (an entry id) gives
 * the page older than that entry. An extension (lib/extensions.ts):
 * NotOfferedError when the backend does not offer it, asked once per sign-in.
 */
export async function fetchHistory(kind: HistoryKind, uuid: string, before?: string): Promise<HistoryPage> {
  return callExtension('getRecordHistory', async (offer) => {
    const { data } = await api().GET('/api/v1/history/{kind}/{uuid}', {
      params: { path: { kind, uuid }, query: { limit: String(HISTORY_PAGE_SIZE), ...(before ? { before } : {}) } },
      middleware: offer,
    });
    return data as HistoryPage;
  });
}
