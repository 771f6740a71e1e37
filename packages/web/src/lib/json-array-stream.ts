// Reads a JSON array answer as it arrives (issue 34 item 13: the users list
// of 100,000 users is a 34 MB answer): the first `first` elements are handed
// over as soon as they are in (a list shows its first rows while the rest is
// still on its way), then the whole array once the answer is complete. Only
// the beginning is scanned by hand (for where its elements end, strings and
// escapes minded); the whole is parsed once by JSON.parse.

/** Where the first `count` top-level elements of an array's text end (the index after the last), or -1. */
export class ArrayPrefixScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private found = 0;
  private scanned = 0;
  /** The end of the `count`-th element once found. */
  end = -1;

  constructor(private readonly count: number) {}

  /** Scans `text` (the whole text so far; only what is new is read). Answers whether the elements are in. */
  scan(text: string): boolean {
    if (this.end >= 0) return true;
    for (let i = this.scanned; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92 /* \ */) this.escaped = true;
        else if (c === 34 /* " */) this.inString = false;
        continue;
      }
      if (c === 34) this.inString = true;
      else if (c === 123 /* { */ || c === 91 /* [ */) this.depth++;
      else if (c === 125 /* } */ || c === 93 /* ] */) {
        this.depth--;
        // An element of the top-level array closed.
        if (this.depth === 1 && ++this.found === this.count) {
          this.end = i + 1;
          this.scanned = i + 1;
          return true;
        }
      }
    }
    this.scanned = text.length;
    return false;
  }
}

/**
 * The array in `body`, read to its end; `onFirst` gets its first `first`
 * elements as soon as they have arrived (not at all when the whole array is
 * shorter: the caller gets it whole soon enough).
 */
export async function readJsonArray<T>(
  body: ReadableStream<Uint8Array>,
  first: number,
  onFirst: (rows: T[]) => void,
): Promise<T[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  const scanner = new ArrayPrefixScanner(first);
  let head = '';
  let handed = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const text = decoder.decode(value, { stream: true });
    parts.push(text);
    if (!handed) {
      head += text;
      if (scanner.scan(head)) {
        handed = true;
        const start = head.indexOf('[');
        onFirst(JSON.parse(`[${head.slice(start + 1, scanner.end)}]`) as T[]);
        head = '';
      }
    }
  }
  parts.push(decoder.decode());
  const whole = parts.join('');
  return (whole.trim() === '' ? [] : JSON.parse(whole)) as T[];
}
