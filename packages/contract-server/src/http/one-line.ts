// Text from outside (a file name, a record kind, a parser's message) in one
// line of a log or terminal: C0 and C1 control characters, DEL and the
// Unicode line separators escaped, so it can neither break the line nor move
// the cursor (a forged line, a hidden one).

/** `text` with its control characters as \xNN / \uNNNN escapes. */
export function oneLine(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.charCodeAt(0);
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    out += !control ? c : code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
  }
  return out;
}
