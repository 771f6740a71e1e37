import { TOAST } from '@userprofile/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The toaster as a page first loads it (not started yet): this project's files share their
// worker's modules (vitest.config.ts), and a file before this one may have raised toasts.
vi.resetModules();
const { notify, TOAST_CAP_MS, toastCount, toaster, toasterStarted } = await import('./toaster.ts');

const shown = () => toaster.getVisibleToasts().map((t) => ({ type: t.type, title: t.title, duration: t.duration }));
const counts = () => toaster.getVisibleToasts().map((t) => [t.title, toastCount(t)]);

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (spec §4, §9)', () => {
  it('the same message again while it is on screen restarts its time-out instead of stacking a copy', () => {
    notify.warning('Please Login First');
    notify.warning('Please Login First');
    toasterStarted();
    expect(shown()).toEqual([{ type: 'warning', title: 'Please Login First', duration: TOAST.timeOut }]);

    notify.error('Invalid');
    notify.error('Invalid');
    const durations = new Set<number | undefined>();
    for (let i = 0; i < 4; i++) {
      notify.error('Invalid');
      durations.add(shown().find((t) => t.title === 'Invalid')?.duration);
    }
    expect(shown().filter((t) => t.title === 'Invalid')).toHaveLength(1);
    // Each repeat changes the duration, which is what restarts the toast's timer.
    expect(durations.size).toBe(2);

    // Another text, or the same text of another kind, is a toast of its own.
    notify.success('Invalid');
    notify.error('Something else');
    expect(shown()).toHaveLength(4);
  });
});

describe('toasts that come again', () => {
  it('counts a message raised again on its card, so a retry that fails again is visibly new', () => {
    toaster.remove();
    notify.error('Failed To Sync Apps');
    expect(counts()).toEqual([['Failed To Sync Apps', 1]]);
    notify.error('Failed To Sync Apps');
    notify.error('Failed To Sync Apps');
    expect(counts()).toEqual([['Failed To Sync Apps', 3]]);
  });

  it('shows a burst of one group as one card with the latest message and the count', () => {
    toaster.remove();
    for (const name of ['A', 'B', 'C', 'D'])
      notify.info(`Cluster ${name} Was Added Successfully To Profile`, { group: 'ticks' });
    expect(counts()).toEqual([['Cluster D Was Added Successfully To Profile', 4]]);
    // Another group, or no group, is a card of its own.
    notify.info('Cluster E Was Added Successfully To Profile');
    expect(counts()).toHaveLength(2);
  });

  it('keeps a reason line given as a string or in the options', () => {
    toaster.remove();
    notify.error('Error Saving User x', 'Timed out');
    notify.warning('Careful', { description: 'Why' });
    expect(toaster.getVisibleToasts().map((t) => t.description)).toEqual(['Why', 'Timed out']);
  });

  it('takes a toast away after the cap however long it is paused (a pointer parked on it)', () => {
    vi.useFakeTimers();
    toaster.remove();
    const dismissed: string[] = [];
    const stop = toaster.subscribe((t: { id: string; message?: string }) => {
      if (t.message === 'DISMISS') dismissed.push(t.id);
    });
    notify.success('3 Applications Synced');
    toaster.pause();
    vi.advanceTimersByTime(TOAST_CAP_MS - 1);
    expect(dismissed).toEqual([]);
    // Raised again: the cap counts from then.
    notify.success('3 Applications Synced');
    vi.advanceTimersByTime(TOAST_CAP_MS - 1);
    expect(dismissed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(dismissed).toEqual(['success:3 Applications Synced']);
    stop();
  });
});
