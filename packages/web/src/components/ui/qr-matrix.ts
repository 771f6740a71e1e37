// A QR code as SVG shapes, for the key of an authenticator app (an
// otpauth:// URI). `uqr` encodes the text into modules; the code is drawn as
// rectangles (a run of dark modules on a row is one), never as markup from a
// string, so nothing in the text can become part of the page.
import { encode } from 'uqr';

/** A run of dark modules on one row: `width` modules from (x, y). */
export interface QrRun {
  x: number;
  y: number;
  width: number;
}

export interface QrDrawing {
  /** Modules per side, the quiet zone included. */
  size: number;
  runs: QrRun[];
}

/**
 * The dark modules of `text`'s QR code, merged into runs per row. The quiet
 * zone is the four modules ISO/IEC 18004 asks for, so a scanner finds the code
 * whatever the page around it looks like; error correction M survives a
 * smudged or dimmed screen and still fits a long otpauth URI in a small code.
 */
export function qrDrawing(text: string): QrDrawing {
  const { size, data } = encode(text, { ecc: 'M', border: 4 });
  const runs: QrRun[] = [];
  data.forEach((row, y) => {
    let start = -1;
    row.forEach((dark, x) => {
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        runs.push({ x: start, y, width: x - start });
        start = -1;
      }
    });
    if (start >= 0) runs.push({ x: start, y, width: row.length - start });
  });
  return { size, runs };
}
