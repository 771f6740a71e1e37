// Toasts (spec §4, §9): top right, 5000 ms. One toaster for the whole app;
// the <AppToaster> component in components/ui renders it.
import { createToaster } from '@chakra-ui/react';
import { TOAST } from '@userprofile/shared/constants';

export const toaster = createToaster({
  placement: 'top-end',
  // 1rem from the corner; a page can lower the stack with --app-toast-top (the
  // sign-in pages do, below their colour-mode toggle, as their own toaster).
  offsets: { top: 'var(--app-toast-top, 1rem)', right: '1rem', bottom: '1rem', left: '1rem' },
  duration: TOAST.timeOut,
  // The exit animation: spec §9's ease time.
  removeDelay: TOAST.easeTime,
  // Hovering pauses the time-out (the role of spec §9's extended time-out), as does a hidden tab.
  pauseOnPageIdle: true,
  max: 5,
});

type Kind = 'success' | 'error' | 'warning' | 'info';
type Toast = { type: Kind; title: string; description: string | undefined };

// Toasts raised before the toaster UI has started (a guard on the very first
// screen) would sit in the store unseen: they wait here until it has.
let pending: Toast[] | null = [];

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

// Toasts raised just before a full page load (spec §4: an application delete
// reloads the list) ride across it in session storage, shown once.
const AFTER_RELOAD_KEY = 'user-profile.toasts-after-reload';

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function takeToastsAfterReload(): Toast[] {
  const store = session();
  const raw = store?.getItem(AFTER_RELOAD_KEY);
  store?.removeItem(AFTER_RELOAD_KEY);
  try {
    const toasts: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(toasts) ? (toasts as Toast[]) : [];
  } catch {
    return [];
  }
}

/** A toast for the page the caller is about to load in full (it would vanish with this one). */
export function notifyAfterReload(type: Kind, title: string, description?: string): void {
  const store = session();
  if (!store) {
    show(type, title, description);
    return;
  }
  const toasts = [...takeToastsAfterReload(), { type, title, description }];
  store.setItem(AFTER_RELOAD_KEY, JSON.stringify(toasts));
}

/** Called by <AppToaster> once it listens; shows what was raised before, and before a reload. */
export function toasterStarted(): void {
  const queued = [...takeToastsAfterReload(), ...(pending ?? [])];
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
