import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { qrDrawing } from './qr-matrix.ts';

const URI = 'otpauth://totp/User%20Profile:provider.admin?secret=JBSWY3DPEHPK3PXP&issuer=User%20Profile';

describe('a QR code drawn as runs of dark modules', () => {
  it('covers exactly the dark modules of the encoded matrix', () => {
    const { size, runs } = qrDrawing(URI);
    const { data } = encode(URI, { ecc: 'M', border: 4 });
    expect(size).toBe(data.length);
    const drawn = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
    for (const run of runs) {
      expect(run.width).toBeGreaterThan(0);
      for (let x = run.x; x < run.x + run.width; x++) {
        expect(drawn[run.y]?.[x]).toBe(false);
        (drawn[run.y] as boolean[])[x] = true;
      }
    }
    expect(drawn).toEqual(data);
  });

  it('keeps a quiet zone of four light modules on every side', () => {
    const { size, runs } = qrDrawing(URI);
    for (const run of runs) {
      expect(run.y).toBeGreaterThanOrEqual(4);
      expect(run.y).toBeLessThan(size - 4);
      expect(run.x).toBeGreaterThanOrEqual(4);
      expect(run.x + run.width).toBeLessThanOrEqual(size - 4);
    }
  });
});
