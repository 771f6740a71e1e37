// The version a backend gave a record it answered (an extension:
// `ETag`, and `Last-Modified` where it knows it), kept beside the record
// object itself, so an editor's save can send `If-Match` and its conflict
// dialog can tell which change is the newer. A backend without them gives
// none: the editor then compares the record read again (lib/use-editor.ts).
const versions = new WeakMap<object, { etag: string | null; modifiedAt: number | null }>();

/** Notes the version headers of the answer that carried `record`. */
export function rememberVersion<T>(record: T, response: Response): T {
  if (record && typeof record === 'object') {
    const modified = Date.parse(response.headers.get('Last-Modified') ?? '');
    versions.set(record, {
      etag: response.headers.get('ETag'),
      modifiedAt: Number.isNaN(modified) ? null : modified,
    });
  }
  return record;
}

/** The record's `ETag`, or null when its backend sent none. */
export function etagOf(record: unknown): string | null {
  return record && typeof record === 'object' ? (versions.get(record)?.etag ?? null) : null;
}

/** When the record last changed (ms), or null when its backend did not say. */
export function modifiedAtOf(record: unknown): number | null {
  return record && typeof record === 'object' ? (versions.get(record)?.modifiedAt ?? null) : null;
}
