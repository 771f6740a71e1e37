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
  // Hovering pauses the time-out (the role of spec §9's extended time-out), up to
  // TOAST_CAP_MS below, as does a hidden tab.
  pauseOnPageIdle: true,
  max: 5,
});

type Kind = 'success' | 'error' | 'warning' | 'info';
type Toast = { type: Kind; title: string; description: string | undefined; group?: string | undefined };

/** What a toast says beyond its title. */
export interface ToastMore {
  /** A second line saying more (the reason). */
  description?: string;
  /**
   * Messages of one burst (every tick in the cluster tree raises one) share
   * one card: it shows the latest and counts them, instead of a card each.
   */
  group?: string;
}

/** The times a toast's card has been raised (1 at first); drawn as '×2', '×3', ... from the second. */
export const toastCount = (toast: { meta?: Record<string, unknown> | undefined }): number =>
  Number(toast.meta?.count ?? 1);

/**
 * However long the pointer rests on a toast (it pauses the time-out, the role
 * of spec §9's extended time-out), it goes this long after it was last raised:
 * a pointer parked where toasts appear must not keep one there for ever.
 */
export const TOAST_CAP_MS = 3 * TOAST.timeOut;

// Toasts raised before the toaster UI has started (a guard on the very first
// screen) would sit in the store unseen: they wait here until it has.
let pending: Toast[] | null = [];

const caps = new Map<string, ReturnType<typeof setTimeout>>();

function capLifetime(id: string): void {
  clearTimeout(caps.get(id));
  caps.set(
    id,
    setTimeout(() => {
      caps.delete(id);
      toaster.dismiss(id);
    }, TOAST_CAP_MS),
  );
}

/**
 * One card per kind and text (or per kind and burst group): the same message
 * again while it is on screen counts up on its card ('×2', so a retry that
 * fails again is visibly new) and restarts its time-out instead of stacking a
 * copy (five failed tries, one toast). The toast machine restarts its timer
 * when the duration changes, so a repeat alternates it by one millisecond.
 */
function show(type: Kind, title: string, description?: string, group?: string): void {
  if (pending) {
    if (!pending.some((t) => t.type === type && (group ? t.group === group : t.title === title)))
      pending.push({ type, title, description, group });
    else if (group)
      pending = pending.map((t) => (t.type === type && t.group === group ? { ...t, title, description } : t));
    return;
  }
  const id = group ? `${type}:group:${group}` : `${type}:${title}`;
  capLifetime(id);
  const shown = toaster.getVisibleToasts().find((t) => t.id === id);
  if (shown && toaster.isVisible(id)) {
    const count = toastCount(shown) + 1;
    toaster.update(id, {
      title,
      description,
      duration: TOAST.timeOut + (count % 2),
      meta: { count },
    });
    return;
  }
  toaster.create({ id, type, title, description, closable: true, meta: { count: 1 } });
}

/**
 * Takes a toast back (by its kind and text) wherever it is: waiting for the
 * toaster, or on screen. A page that does not need what the toast asked for
 * withdraws it ('Please Login First' on Forgot Password, which needs no sign-in).
 */
export function withdraw(type: Kind, title: string): void {
  if (pending) pending = pending.filter((t) => !(t.type === type && t.title === title));
  toaster.dismiss(`${type}:${title}`);
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

/**
 * This page is about to be left by a full load nobody asked for (a sign-in that completes by
 * itself, the provider's session still open): the toasts on screen, and those waiting for the
 * toaster, go with it and show on the next page of this tab, instead of vanishing unread.
 */
export function carryToastsAcrossLoad(): void {
  const shown = toaster
    .getVisibleToasts()
    .filter((t) => typeof t.title === 'string')
    .map((t) => ({
      type: (t.type ?? 'info') as Kind,
      title: t.title as string,
      description: typeof t.description === 'string' ? t.description : undefined,
    }));
  for (const t of [...(pending ?? []), ...shown]) notifyAfterReload(t.type, t.title, t.description);
}

/** Called by <AppToaster> once it listens; shows what was raised before, and before a reload. */
export function toasterStarted(): void {
  const queued = [...takeToastsAfterReload(), ...(pending ?? [])];
  pending = null;
  for (const t of queued) show(t.type, t.title, t.description, t.group);
}

/** A toast: the catalogue text as its title, and optionally a second line (the reason) or its burst group. */
function raise(type: Kind) {
  return (text: string, more?: string | ToastMore) => {
    const { description, group } = typeof more === 'string' ? { description: more, group: undefined } : (more ?? {});
    show(type, text, description, group);
  };
}

export const notify = {
  success: raise('success'),
  error: raise('error'),
  warning: raise('warning'),
  info: raise('info'),
};
