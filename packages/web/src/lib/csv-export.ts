// "Export what you see": a list's filtered and sorted rows as a
// CSV file, written in the browser from the rows the list shows, formula-safe
// as the users export of the backend (shared/csv.ts), and named after what it
// holds: `users-inactive-filter-smith-2026-11-25.csv`.
import { csvText as sharedCsvText } from '@userprofile/shared/csv';
import { saveDownload } from './download.ts';

/** The CSV text: a header row, then the rows, every cell formula-safe (RFC 4180 quoting, CRLF; shared/csv.ts). */
export function csvText(header: readonly string[], rows: Iterable<readonly string[]>): string {
  return sharedCsvText([header, ...rows]);
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The file name: the list, its toggles, its filter texts, and the day (local time). */
export function csvFileName(
  list: string,
  parts: { toggles?: readonly string[]; filters?: readonly string[] },
  now = new Date(),
): string {
  const filters = (parts.filters ?? []).map(slug).filter(Boolean);
  const words = [
    slug(list),
    ...(parts.toggles ?? []).map(slug),
    ...(filters.length > 0 ? ['filter', ...filters] : []),
  ].filter(Boolean);
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  // File systems take 255 bytes a name: the words are cut, never the day.
  return `${words.join('-').slice(0, 120).replace(/-+$/, '')}-${day}.csv`;
}

/** Offers the text as a download (a UTF-8 BOM, so a spreadsheet reads the accents). */
export function downloadCsv(fileName: string, text: string): void {
  saveDownload(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), fileName);
}

const cellText = (value: unknown): string =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value);

/**
 * Exports what a client-side list shows: every matching row in the list's
 * order, one column per given column (its label and value), named after the
 * list, its toggles and its filters.
 */
export function exportClientList<T>(
  name: string,
  columns: readonly { label: string; value: (row: T) => unknown }[],
  list: { matches: readonly T[]; filters: Readonly<Record<string, string>> },
  toggles: readonly string[] = [],
): void {
  const text = csvText(
    columns.map((c) => c.label),
    list.matches.map((row) => columns.map((c) => cellText(c.value(row)))),
  );
  downloadCsv(csvFileName(name, { toggles, filters: Object.values(list.filters) }), text);
}
