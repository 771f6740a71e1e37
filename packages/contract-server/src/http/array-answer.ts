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

/** One row of the array: its JSON as bytes, and whether a block ends after it. */
export interface ArrayRow {
  readonly json: Buffer;
  readonly endsBlock: boolean;
}

interface Block {
  readonly rows: readonly ArrayRow[];
  readonly first: boolean;
  readonly plain: Buffer;
  deflated?: Promise<Buffer>;
}

/** A block ends after about one row in `1 << BLOCK_BITS` (128 rows, ~40 KB of users-list JSON). */
const BLOCK_BITS = 7;

/** Whether a block ends after the row of this key (a stable key of the row's subject: a uuid). */
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
 * answer to the next: `answer(rows)` makes the answer of these rows, reusing
 * every block whose rows are the very same row objects as before.
 */
export class ArrayAnswer {
  /** The blocks of the last answer, by their first row. */
  private blocks = new Map<ArrayRow, Block>();
  /** How many blocks the last answer made afresh (the others it copied as they were). */
  madeLast = 0;

  answer(rows: readonly ArrayRow[]): CachedJson {
    if (rows.length === 0) {
      this.blocks.clear();
      this.madeLast = 0;
      return { json: EMPTY };
    }
    this.madeLast = 0;
    const blocks: Block[] = [];
    const next = new Map<ArrayRow, Block>();
    let start = 0;
    for (let i = 0; i < rows.length; i++) {
      if (!(rows[i] as ArrayRow).endsBlock && i < rows.length - 1) continue;
      const block = this.block(rows, start, i + 1);
      blocks.push(block);
      next.set(rows[start] as ArrayRow, block);
      start = i + 1;
    }
    this.blocks = next;
    const json = [...blocks.map((b) => b.plain), CLOSE];
    return { json, compress: () => gzipOf(blocks) };
  }

  private block(rows: readonly ArrayRow[], start: number, end: number): Block {
    const first = start === 0;
    const kept = this.blocks.get(rows[start] as ArrayRow);
    if (
      kept &&
      kept.first === first &&
      kept.rows.length === end - start &&
      kept.rows.every((r, i) => r === rows[start + i])
    )
      return kept;
    this.madeLast++;
    const own = rows.slice(start, end);
    const parts: Buffer[] = [];
    for (const row of own) parts.push(parts.length === 0 ? (first ? OPEN : COMMA) : COMMA, row.json);
    return { rows: own, first, plain: Buffer.concat(parts) };
  }
}

async function gzipOf(blocks: readonly Block[]): Promise<Bytes> {
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
