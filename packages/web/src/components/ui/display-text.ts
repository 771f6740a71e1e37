// Text from a backend, cut for a list or a table: a name of any size is laid
// out in bounded time (a 24 MiB first name held the main thread for seconds
// while the table measured it), and a cut is always at the end, never the
// front, so a row reads as the start of its name. The full value is one action
// away: the cell's title (hover), the cell opened wide on focus, the record's
// own screen.

/** The characters a list cell shows at most: wider than any column at 1280 px. */
export const CELL_MAX = 200;
/** The characters a cell's title (hover) holds at most: every real name whole. */
export const TITLE_MAX = 2000;

/** `value` as a cell shows it: at most `max` characters, ending in '…' when cut. */
export function displayText(value: string | null | undefined, max: number = CELL_MAX): string {
  if (!value) return '';
  if (value.length <= max) return value;
  let end = Math.max(0, max - 1);
  // Never half of a surrogate pair (an emoji cut in two draws as a broken glyph).
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${value.slice(0, end)}…`;
}

/** A cell's title: the whole value for every real name, bounded for a hostile one. */
export function titleText(value: string | null | undefined): string {
  return displayText(value, TITLE_MAX);
}
