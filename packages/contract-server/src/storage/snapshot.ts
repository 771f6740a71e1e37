// The snapshot format (GET /__mock/snapshot, SEED_FROM=file.json), documented
// in the README: one JSON document holding every stored row.
//
//   {
//     "format": "userprofile-dev-backend-snapshot",
//     "version": 1,
//     "exportedAt": "2026-11-25T12:00:00.000Z",
//     "records": { "user": [ {...}, ... ], "application": [...], ... },
//     "state": { "outbox": [...], "resetTokens": [...], "auth": {...}, ... }
//   }
//
// `records` holds the records by kind, each as the store keeps it (with its
// uuid); `state` the pieces kept whole. A newer version is refused.
import type { Row } from './database.ts';
import { StorageRefusedError } from './database.ts';

export const SNAPSHOT_FORMAT = 'userprofile-dev-backend-snapshot';
export const SNAPSHOT_VERSION = 1;
const STATE = 'state';

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: number;
  exportedAt: string;
  records: Record<string, { uuid: string }[]>;
  state: Record<string, unknown>;
}

export function snapshotOf(rows: Iterable<Row>): Snapshot {
  const records: Record<string, { uuid: string }[]> = {};
  const state: Record<string, unknown> = {};
  for (const row of rows) {
    if (row.kind === STATE) state[row.id] = JSON.parse(row.body);
    else {
      const list = records[row.kind] ?? [];
      list.push(JSON.parse(row.body));
      records[row.kind] = list;
    }
  }
  return { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, exportedAt: new Date().toISOString(), records, state };
}

/** The rows of a snapshot file's text; refuses what is not a snapshot this server reads, naming the file. */
export function readSnapshot(text: string, file: string): Row[] {
  let doc: Partial<Snapshot>;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new StorageRefusedError(`SEED_FROM ${file} is not JSON: ${(error as Error).message}`);
  }
  if (doc?.format !== SNAPSHOT_FORMAT)
    throw new StorageRefusedError(
      `SEED_FROM ${file} is not a snapshot of this dev backend (format "${SNAPSHOT_FORMAT}" expected)`,
    );
  if (doc.version !== SNAPSHOT_VERSION)
    throw new StorageRefusedError(
      `SEED_FROM ${file} has snapshot version ${doc.version}; this server reads version ${SNAPSHOT_VERSION}`,
    );
  const rows: Row[] = [];
  for (const [kind, list] of Object.entries(doc.records ?? {})) {
    if (!Array.isArray(list)) throw new StorageRefusedError(`SEED_FROM ${file}: records.${kind} is not a list`);
    for (const [i, record] of list.entries()) {
      if (typeof record?.uuid !== 'string')
        throw new StorageRefusedError(`SEED_FROM ${file}: records.${kind}[${i}] has no uuid`);
      rows.push({ kind, id: record.uuid, body: JSON.stringify(record) });
    }
  }
  for (const [id, value] of Object.entries(doc.state ?? {}))
    rows.push({ kind: STATE, id, body: JSON.stringify(value) });
  return rows;
}
