// Toasts (spec §4, §9): top right, 5000 ms. One toaster for the whole app;
// the <AppToaster> component in components/ui renders it.
import { createToaster } from '@chakra-ui/react';
import { TOAST } from '@userprofile/shared/constants';

export const toaster = createToaster({
  placement: 'top-end',
  duration: TOAST.timeOut,
  // The exit animation: spec §9's ease time.
  removeDelay: TOAST.easeTime,
  // Hovering pauses the time-out (the role of spec §9's extended time-out), as does a hidden tab.
  pauseOnPageIdle: true,
  max: 5,
});

type Kind = 'success' | 'error' | 'warning' | 'info';

// Toasts raised before the toaster UI has started (a guard on the very first
// screen) would sit in the store unseen: they wait here until it has.
let pending: { type: Kind; title: string; description: string | undefined }[] | null = [];

/** Times each on-screen toast has been raised again (its duration alternates, see below). */
const repeats = new Map<string, number>();

/**
 * One toast per kind and text: the same message again while it is on screen
 * restarts its time-out instead of stacking a copy (five failed tries, one
 * toast). The toast machine restarts its timer when the duration changes, so
 * a repeat alternates it by one millisecond.
 */
function show(type: Kind, title: string, description?: string): void {
  if (pending) {
    if (!pending.some((t) => t.type === type && t.title === title)) pending.push({ type, title, description });
    return;
  }
  const id = `${type}:${title}`;
  if (toaster.isVisible(id)) {
    const n = (repeats.get(id) ?? 0) + 1;
    repeats.set(id, n);
    toaster.update(id, { duration: TOAST.timeOut + (n % 2), ...(description ? { description } : {}) });
    return;
  }
  repeats.delete(id);
  toaster.create({ id, type, title, closable: true, ...(description ? { description } : {}) });
}

/** Called by <AppToaster> once it listens; shows what was raised before. */
export function toasterStarted(): void {
  const queued = pending ?? [];
  pending = null;
  for (const t of queued) show(t.type, t.title, t.description);
}

/** A toast: the catalogue text as its title, and optionally a second line saying more (the reason). */
export const notify = {
  success: (text: string, description?: string) => show('success', text, description),
  error: (text: string, description?: string) => show('error', text, description),
  warning: (text: string, description?: string) => show('warning', text, description),
  info: (text: string, description?: string) => show('info', text, description),
};
