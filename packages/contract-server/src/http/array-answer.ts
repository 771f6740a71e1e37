// A large JSON array answer (the users lists: 85,000 rows, 28 MB at 100,000
// users) made from rows kept as bytes, so that an answer after a write of one
// row costs about what that row changed, not what the list holds.
//
// The rows are cut into blocks where the rows themselves say (content-defined
// cuts: a row that ends a block ends it wherever it sits), so a row added,
// removed or changed remakes only its own block and the blocks around it stay
// as they were. Each block keeps its bytes (with the `[` or `,` before its
// first row) and, once a client asked for gzip, its bytes deflated on their own
// and flushed to a byte boundary (Z_SYNC_FLUSH, as pigz does): such pieces
// joined one after the other are one valid deflate stream. The gzip answer is
// a header, the kept pieces, the closing `]`, a final empty block and the
// trailer (CRC-32 and length of the whole text). It decodes to exactly the
// bytes of the plain answer; both are assembled by copying, without
// serialising, joining strings or compressing what did not change.
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw as deflateRawCb } from 'node:zlib';
import type { Bytes, CachedJson } from './send.ts';

const deflateRaw = promisify(deflateRawCb);
const SYNC = { finishFlush: constants.Z_SYNC_FLUSH };

/** How the items of an array become its rows. */
export interface ArrayRows<T extends object> {
  /** The item's JSON as bytes (the caller keeps it while the item is the same object). */
  json(item: T): Buffer;
  /** A stable key of the item's subject (its uuid): where blocks end is decided by it. */
  key(item: T): string;
}

interface Block<T> {
  readonly items: readonly T[];
  readonly first: boolean;
  readonly plain: Buffer;
  deflated?: Promise<Buffer>;
}

/** The longest a list answer makes blocks before it lets other requests run (a cold 85,000-row list: ~600 ms). */
const SLICE_MS = 10;

/** A block ends after about one row in `1 << BLOCK_BITS` (128 rows, ~40 KB of users-list JSON). */
const BLOCK_BITS = 7;

/** Whether a block ends after the row of this key. */
export function endsBlock(key: string): boolean {
  // FNV-1a over the key's UTF-16 units: spreads uuids evenly, costs nothing.
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> (32 - BLOCK_BITS) === 0;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
const EMPTY = Buffer.from('[]');
/** `]` deflated on its own and flushed, the final empty block (fixed Huffman, BFINAL set), and the gzip header. */
const closeDeflated = deflateRaw(CLOSE, SYNC);
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);

/**
 * The blocks of one array (one list, as one reader sees it), kept from one
 * answer to the next: `answer(items)` makes the answer of these items, copying
 * every kept block whose items are the very same objects, in the same order,
 * at the same place (first or not), and making only the others: after a write
 * of one item, no other item is asked for its row, or even hashed.
 */
export class ArrayAnswer<T extends object> {
  /** The blocks of the last answer, by their first item. */
  private blocks = new Map<T, Block<T>>();
  /** How many blocks the last answer made afresh (the others it copied as they were). */
  madeLast = 0;

  constructor(private readonly rows: ArrayRows<T>) {}

  async answer(list: readonly T[]): Promise<CachedJson> {
    this.madeLast = 0;
    if (list.length === 0) {
      this.blocks.clear();
      return { json: EMPTY };
    }
    // The list as it is now (the store's own array changes with the next write, which may come while this
    // answer is made: making blocks yields to other requests every SLICE_MS, so no answer holds the server).
    const items = list.slice();
    const blocks: Block<T>[] = [];
    const next = new Map<T, Block<T>>();
    let sliceStart = performance.now();
    for (let at = 0; at < items.length; ) {
      const head = items[at] as T;
      const kept = this.blocks.get(head);
      const reused = kept && kept.first === (at === 0) && sameItems(kept.items, items, at);
      const block = reused ? kept : this.make(items, at);
      blocks.push(block);
      next.set(head, block);
      at += block.items.length;
      if (!reused && performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    this.blocks = next;
    return { json: [...blocks.map((b) => b.plain), CLOSE], compress: () => gzipOf(blocks) };
  }

  /** The block that starts at `start`: its items up to one whose key ends a block, or to the end. */
  private make(items: readonly T[], start: number): Block<T> {
    this.madeLast++;
    const parts: Buffer[] = [];
    let end = start;
    while (end < items.length) {
      const item = items[end] as T;
      parts.push(end === 0 ? OPEN : COMMA, this.rows.json(item));
      end++;
      if (endsBlock(this.rows.key(item))) break;
    }
    return { items: items.slice(start, end), first: start === 0, plain: Buffer.concat(parts) };
  }
}

function sameItems<T>(kept: readonly T[], items: readonly T[], at: number): boolean {
  if (kept.length > items.length - at) return false;
  for (let i = 0; i < kept.length; i++) if (kept[i] !== items[at + i]) return false;
  return true;
}

async function gzipOf(blocks: readonly Block<unknown>[]): Promise<Bytes> {
  // Deflated on the thread pool, each block once in its life.
  const pieces = await Promise.all(blocks.map((b) => (b.deflated ??= deflateRaw(b.plain, SYNC))));
  let crc = 0;
  let length = 0;
  for (const block of blocks) {
    crc = crc32(block.plain, crc);
    length += block.plain.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(CLOSE, crc), 0);
  trailer.writeUInt32LE((length + CLOSE.length) % 2 ** 32, 4);
  return [GZIP_HEADER, ...pieces, await closeDeflated, FINAL_BLOCK, trailer];
}
