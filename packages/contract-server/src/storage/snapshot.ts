// The snapshot format (GET /__mock/snapshot, SEED_FROM=file.json), documented
// in the README: one JSON document holding every stored row.
//
//   {
//     "format": "userprofile-dev-backend-snapshot",
//     "version": 2,
//     "exportedAt": "2026-11-25T12:00:00.000Z",
//     "records": { "user": [ {...}, ... ], "application": [...], ... },
//     "state": { "outbox": [...], "resetTokens": [...], "auth": {...}, ... },
//     "history": [ { "id": 1, "kind": "user", "uuid": "...", "company": null, "at": "...",
//                    "action": "update", "source": {...}, "before": "{...}", "after": "{...}", "secrets": [] }, ... ]
//   }
//
// `records` holds the records by kind, each as the store keeps it (with its
// uuid); `state` the pieces kept whole; `history` the record history's
// entries, oldest first, each view as the JSON text the log keeps. Version 1
// (before the history was kept) is read as a snapshot with no history; a
// newer version is refused.
import { readFileSync, statSync } from 'node:fs';
import type { KeptEntry } from '../store/history.ts';
import type { Row } from './database.ts';
import { StorageRefusedError } from './database.ts';
import { quoted, snapshotProblem } from './snapshot-check.ts';

/** A larger SEED_FROM file is refused before it is read (JSON.parse of it would need gigabytes). */
export const MAX_SNAPSHOT_BYTES = 256 * 2 ** 20;

export const SNAPSHOT_FORMAT = 'userprofile-dev-backend-snapshot';
export const SNAPSHOT_VERSION = 2;
const STATE = 'state';

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: number;
  exportedAt: string;
  records: Record<string, { uuid: string }[]>;
  state: Record<string, unknown>;
  history: KeptEntry[];
}

export function snapshotOf(rows: Iterable<Row>, history: Iterable<KeptEntry>): Snapshot {
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
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    exportedAt: new Date().toISOString(),
    records,
    state,
    history: [...history],
  };
}

/** The rows and history of the snapshot file `file`: refused in one line naming it when it is too big, unreadable or bad. */
export function readSnapshotFile(file: string): { rows: Row[]; history: KeptEntry[] } {
  let text: string;
  try {
    const size = statSync(file).size;
    if (size > MAX_SNAPSHOT_BYTES)
      throw new StorageRefusedError(
        `SEED_FROM ${file} is ${Math.round(size / 2 ** 20)} MiB; a snapshot may be at most ${MAX_SNAPSHOT_BYTES / 2 ** 20} MiB`,
      );
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof StorageRefusedError) throw error;
    throw new StorageRefusedError(`SEED_FROM ${file} cannot be read: ${(error as Error).message}`);
  }
  return readSnapshot(text, file);
}

/** The rows and history of a snapshot file's text; refuses what is not a snapshot this server reads, naming the file. */
export function readSnapshot(text: string, file: string): { rows: Row[]; history: KeptEntry[] } {
  let doc: Partial<Snapshot>;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new StorageRefusedError(`SEED_FROM ${file} is not JSON: ${quoted((error as Error).message)}`);
  }
  if (doc?.format !== SNAPSHOT_FORMAT)
    throw new StorageRefusedError(
      `SEED_FROM ${file} is not a snapshot of this dev backend (format "${SNAPSHOT_FORMAT}" expected)`,
    );
  if (doc.version !== 1 && doc.version !== SNAPSHOT_VERSION)
    throw new StorageRefusedError(
      `SEED_FROM ${file} has snapshot version ${quoted(String(doc.version))}; this server reads versions 1 to ${SNAPSHOT_VERSION}`,
    );
  // Checked whole before any row is made (snapshot-check.ts): the first bad record is named.
  const problem = snapshotProblem(doc);
  if (problem) throw new StorageRefusedError(`SEED_FROM ${file}: ${problem}`);
  const rows: Row[] = [];
  for (const [kind, list] of Object.entries(doc.records ?? {}))
    for (const record of list) rows.push({ kind, id: record.uuid, body: JSON.stringify(record) });
  for (const [id, value] of Object.entries(doc.state ?? {}))
    rows.push({ kind: STATE, id, body: JSON.stringify(value) });
  // Version 1 kept no history.
  const history = doc.version === 1 ? [] : doc.history;
  if (!Array.isArray(history)) throw new StorageRefusedError(`SEED_FROM ${file}: history is not a list`);
  return { rows, history };
}
