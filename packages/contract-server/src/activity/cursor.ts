// What a reader holds of the log's order: opaque. Events are numbered in the
// database, and a reader who saw two numbers would know how many events lay
// between them that it may not read. So an event's id is a keyed hash of its
// number, and a page's cursor the position sealed (AES-256-GCM) under a key
// of this process: a cursor cannot be forged or read, and after a restart an
// old one is refused (the console loads the first page again).
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** A position in the log's order: newest first by (time, number). */
export interface Position {
  at: number;
  id: number;
}

const KEY = randomBytes(32);
const ID_KEY = randomBytes(32);

export function sealPosition(p: Position): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', KEY, iv);
  const plain = Buffer.alloc(16);
  plain.writeDoubleBE(p.at, 0);
  plain.writeDoubleBE(p.id, 8);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The position a cursor holds; null when it was not made by this process (or was changed). */
export function openPosition(cursor: string): Position | null {
  const raw = Buffer.from(cursor, 'base64url');
  if (raw.length !== 12 + 16 + 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', KEY, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(28));
    const plain = Buffer.concat([decipher.update(raw.subarray(12, 28)), decipher.final()]);
    const at = plain.readDoubleBE(0);
    const id = plain.readDoubleBE(8);
    return Number.isSafeInteger(at) && Number.isSafeInteger(id) ? { at, id } : null;
  } catch {
    return null;
  }
}

/** An event's public id: stable while the process runs, telling nothing of its number. */
export function publicId(id: number): string {
  return createHmac('sha256', ID_KEY).update(String(id)).digest('base64url').slice(0, 22);
}
