import { describe, expect, it } from 'vitest';
import { computeHeights } from './layout-heights.ts';

describe('computeHeights (spec §9)', () => {
  it('uses 83, 128 and 52.8 px until the real elements exist', () => {
    expect(computeHeights(800)).toEqual({ main: 717, content: 800 - 83 - 128 - 52.8 });
  });
  it('uses the measured heights once it does', () => {
    expect(computeHeights(800, { header: 48, pageHeader: 64, cardHeader: 40 })).toEqual({ main: 752, content: 648 });
  });
  it('uses the real header alone when there is no page header yet, and 83 px while the header is empty', () => {
    expect(computeHeights(800, { header: 48 }).main).toBe(752);
    expect(computeHeights(800, { header: 0 }).main).toBe(717);
  });
});
