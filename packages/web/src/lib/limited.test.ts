import { describe, expect, it } from 'vitest';
import { forEachLimited, mapLimited } from './limited.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('forEachLimited', () => {
  it('keeps at most the limit in flight and does every item', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    await forEachLimited([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4, async (n) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await tick();
      seen.push(n);
      inFlight--;
    });
    expect(most).toBe(4);
    expect(seen.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('starts no call once stopped, and lets those sent finish', async () => {
    let stop = false;
    const finished: number[] = [];
    const started = await forEachLimited(
      [1, 2, 3, 4, 5, 6, 7, 8],
      2,
      async (n) => {
        if (n === 3) stop = true;
        await tick();
        finished.push(n);
      },
      () => stop,
    );
    expect(started).toBe(3);
    expect(finished.sort()).toEqual([1, 2, 3]);
  });

  it('answers in the order of the items', async () => {
    await expect(mapLimited([3, 1, 2], 2, async (n) => n * 10)).resolves.toEqual([30, 10, 20]);
  });
});
