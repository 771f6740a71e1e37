import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './routing.ts';

const screen = (text: string) => ({ default: () => createElement('p', null, text) });
/** What a render shows: the screen, or the Suspense fallback "waiting" when the screen suspends. */
const rendered = (Screen: ReturnType<typeof lazyScreen>) =>
  renderToString(createElement(Suspense, { fallback: 'waiting' }, createElement(Screen)));

describe('lazyScreen', () => {
  it('renders a screen whose chunk is in without suspending (no fallback, so no held-back reveal)', async () => {
    const Screen = lazyScreen(async () => screen('the user list'));
    expect(Screen.settled()).toBe(false);
    await Screen.preload();
    expect(Screen.settled()).toBe(true);
    const html = rendered(Screen);
    expect(html).toContain('the user list');
    expect(html).not.toContain('waiting');
  });

  it('suspends while the chunk is still on its way', () => {
    const Screen = lazyScreen(() => new Promise(() => {}));
    expect(rendered(Screen)).toContain('waiting');
    expect(Screen.settled()).toBe(false);
  });

  it('asks for a chunk once, however often it is preloaded', async () => {
    const load = vi.fn(async () => screen('once'));
    const Screen = lazyScreen(load);
    await Promise.all([Screen.preload(), Screen.preload()]);
    await Screen.preload();
    expect(rendered(Screen)).toContain('once');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('settles on a failed chunk without rejecting, and asks again when the screen is rendered', async () => {
    const load = vi
      .fn<() => Promise<ReturnType<typeof screen>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(screen('after a retry'));
    const Screen = lazyScreen(load);
    await expect(Screen.preload()).resolves.toBeUndefined();
    expect(Screen.settled()).toBe(true);
    // The render asks again (and would show a second failure through the route's error boundary).
    expect(rendered(Screen)).toContain('waiting');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
