import { TOAST } from '@userprofile/shared/constants';
import { describe, expect, it } from 'vitest';
import { notify, toaster, toasterStarted } from './toaster.ts';

const shown = () => toaster.getVisibleToasts().map((t) => ({ type: t.type, title: t.title, duration: t.duration }));

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
