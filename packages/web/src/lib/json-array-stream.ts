// Reads a JSON array answer as it arrives (the users list
// of 100,000 users is a 34 MB answer). Each piece that arrives is cut after
// its last whole element and parsed by JSON.parse on its own: the first
// `first` elements are handed over as soon as they are in (a list shows its
// first rows while the rest is still on its way), and the work on the rest
// gives the browser its turn every few milliseconds. One JSON.parse of the
// whole answer held the page for 300-350 ms, and when the answer had all
// arrived by then, it came before the first rows were painted.
import { afterNextPaint, nextTask } from './yield.ts';

/** How long the reading works before it gives the browser its turn. */
const SLICE_MS = 8;

/** Where one object element ends and the next begins, in compact JSON. */
const BETWEEN_OBJECTS = '},{';

/**
 * A JSON array's text, given piece by piece, answered as the elements each
 * piece completes. A cut is tried after the last `},{` of the text held; it
 * is kept only if JSON.parse takes what comes before it as whole elements.
 * That is exact: a `}` inside a string would leave the string open, one
 * inside a nested value would leave a bracket open, and either fails the
 * parse. What fails is held, with what follows, for a later cut or the end.
 * Arrays of other values, or pretty-printed ones, are parsed at the end, whole.
 */
export class JsonArrayReader<T> {
  private text = '';
  private opened = false;
  /** After a cut that failed, none is tried before the held text has doubled (each parse is paid once, amortized). */
  private retryAt = 0;

  /** Adds `more`; answers the elements it completed (often none). */
  push(more: string): T[] {
    this.text += more;
    if (!this.opened) {
      const start = this.text.search(/\S/);
      if (start < 0) return [];
      if (this.text[start] !== '[') throw new SyntaxError('The answer is not a JSON array');
      this.opened = true;
      this.text = this.text.slice(start + 1);
    }
    if (this.text.length < this.retryAt) return [];
    const cut = this.text.lastIndexOf(BETWEEN_OBJECTS);
    if (cut < 0) return [];
    let elements: T[];
    try {
      elements = JSON.parse(`[${this.text.slice(0, cut + 1)}]`) as T[];
    } catch {
      this.retryAt = 2 * this.text.length;
      return [];
    }
    this.text = this.text.slice(cut + 2);
    this.retryAt = 0;
    return elements;
  }

  /** The end of the text: the elements still held. A text of blanks alone reads as an empty array. */
  end(): T[] {
    if (!this.opened) {
      if (this.text.trim() === '') return [];
      throw new SyntaxError('The answer is not a JSON array');
    }
    // The held text ends with the array's `]`: JSON.parse checks that, and that nothing follows it.
    return JSON.parse(`[${this.text}`) as T[];
  }
}

/**
 * The array in `body`, read to its end; `onFirst` gets its first `first`
 * elements as soon as they have arrived (not at all when the whole array is
 * shorter, or could not be cut before its end: the caller gets it whole soon
 * enough), and the browser paints them before the rest is read on.
 */
export async function readJsonArray<T>(
  body: ReadableStream<Uint8Array>,
  first: number,
  onFirst: (rows: T[]) => void,
): Promise<T[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const array = new JsonArrayReader<T>();
  const rows: T[] = [];
  const take = (elements: T[]) => {
    for (const element of elements) rows.push(element);
  };
  let handed = false;
  let since = performance.now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    take(array.push(decoder.decode(value, { stream: true })));
    if (!handed && rows.length >= first) {
      handed = true;
      onFirst(rows.slice(0, first));
      await afterNextPaint();
      since = performance.now();
    } else if (performance.now() - since > SLICE_MS) {
      await nextTask();
      since = performance.now();
    }
  }
  take(array.push(decoder.decode()));
  take(array.end());
  return rows;
}
