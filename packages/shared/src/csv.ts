// Formula-safe CSV cells and the one CSV writer, for every CSV the product writes (the users export
// of the dev backend, the console's "export what you see") and reads back.
// OWASP "CSV injection": = + - @ tab CR, and NUL start a formula. Not only at
// the start of a cell: a spreadsheet that splits on ';' or tab (or reads ','
// where the file is not quoted) starts a new cell after each of them, so
// `Bob;=1+2;` holds the formula `=1+2`. A "'" goes in front of a formula start
// at the start of the value and after every such separator (and line break).
// Leading quotes are counted in, so a value that itself has "'=" there survives
// the round trip: the import takes exactly one "'" off at the same places.
const FORMULA_START = /(?<=^|[,;\t\r\n])(?='*[=+\-@\t\r\0])/g;
const INERT_START = /(?<=^|[,;\t\r\n])'(?='*[=+\-@\t\r\0])/g;

export function inertCell(value: string): string {
  return value.replace(FORMULA_START, "'");
}

export function restoreCell(value: string): string {
  return value.replace(INERT_START, '');
}

/** The fixed columns of the users CSV (import and export); one column per category of the user element config follows. */
export const USER_IMPORT_COLUMNS = [
  'username',
  'email',
  'firstName',
  'lastName',
  'deskPhone',
  'mobilePhone',
  'active',
  'location',
  'businessProfile',
  'visibilityProfile',
  'minimumRole',
  'errigalCustomerCompany',
] as const;

/** The columns an import file must have. */
export const REQUIRED_IMPORT_COLUMNS: readonly string[] = [
  'username',
  'email',
  'firstName',
  'lastName',
  'active',
  'businessProfile',
  'visibilityProfile',
];

/**
 * A cell is quoted (RFC 4180: its quotes doubled) when it holds a quote, a
 * comma, a CR or LF of any kind (a bare LF in CRLF records too, so a name
 * never splits a row), or a ';' or tab (the separators of other spreadsheet
 * locales), or starts or ends with white space.
 */
const NEEDS_QUOTES = /[",\r\n;\t]|^\s|\s$/;

/** One cell, formula-safe and quoted where it must be. */
export function csvCell(value: string): string {
  const cell = inertCell(value);
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/**
 * The one CSV writer of the product (the dev backend's users and Who Has It
 * exports, the console's "export what you see"): every cell formula-safe,
 * RFC 4180 quoting, CRLF after each record.
 */
export function csvText(records: Iterable<readonly string[]>): string {
  let text = '';
  for (const record of records) text += `${record.map(csvCell).join(',')}\r\n`;
  return text;
}
