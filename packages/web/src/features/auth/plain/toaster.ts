// The toasts of the sign-in pages when they run alone (without the console's
// React app): the one toast store of lib/toaster.ts, drawn as plain DOM with
// the anatomy of the console's toasts (data-scope="toast", role="status",
// 'Dismiss'), top right, 5000 ms, paused while hovered, focused or the tab is
// hidden. When the console starts, it takes the toasts still shown over.
import { toastCount, toaster, toasterStarted } from '../../../lib/toaster.ts';
import { h, icon, icons } from './dom.ts';

interface ToastData {
  id: string;
  type?: string;
  title?: unknown;
  description?: unknown;
  duration?: number;
  removeDelay?: number;
  closable?: boolean;
  message?: string;
  dismiss?: boolean;
  meta?: Record<string, unknown>;
}

interface Shown {
  element: HTMLElement;
  title: HTMLElement;
  count: HTMLElement;
  description: HTMLElement;
  /** ms left of the time-out; the timer runs while not paused. */
  left: number;
  started: number;
  timer: number | undefined;
  paused: boolean;
  removeDelay: number;
}

const INDICATOR: Record<string, readonly string[]> = { success: icons.check, info: icons.info };

/** Starts drawing the store's toasts in `document.body`; answers the stop (the drawn toasts go, the store keeps them). */
export function startPlainToaster(): () => void {
  const group = h('div', {
    class: 'si-toasts',
    'data-scope': 'toast',
    'data-part': 'group',
    role: 'region',
    'aria-label': 'Notifications',
    'aria-live': 'polite',
    'aria-relevant': 'additions text',
  });
  document.body.append(group);
  const shown = new Map<string, Shown>();

  const run = (toast: Shown) => {
    window.clearTimeout(toast.timer);
    if (toast.paused || document.hidden || !Number.isFinite(toast.left)) return;
    toast.started = Date.now();
    toast.timer = window.setTimeout(() => close(toast), toast.left);
  };
  const pause = (toast: Shown) => {
    if (toast.timer === undefined) return;
    window.clearTimeout(toast.timer);
    toast.timer = undefined;
    toast.left = Math.max(0, toast.left - (Date.now() - toast.started));
  };
  const close = (toast: Shown) => {
    pause(toast);
    toast.left = Number.POSITIVE_INFINITY;
    toast.element.dataset.state = 'closed';
    window.setTimeout(() => toaster.remove(toast.element.id), toast.removeDelay);
  };

  const draw = (data: ToastData) => {
    const existing = shown.get(data.id);
    if (existing) {
      if (data.message === 'DISMISS') return close(existing);
      if (data.message === 'PAUSE') return pause(existing);
      if (data.message === 'RESUME') return run(existing);
      // Raised again (lib/toaster.ts): the same toast with its time-out started over.
      existing.title.textContent = String(data.title ?? '');
      showCount(existing.count, toastCount(data));
      existing.description.textContent = String(data.description ?? '');
      existing.description.hidden = !data.description;
      existing.left = data.duration ?? Number.POSITIVE_INFINITY;
      run(existing);
      return;
    }
    const type = data.type ?? 'info';
    const title = h('div', {
      'data-scope': 'toast',
      'data-part': 'title',
      class: 'si-toast-title',
      id: `${data.id}:title`,
    });
    title.textContent = String(data.title ?? '');
    const count = h('span', { class: 'si-toast-count', 'data-part': 'count' });
    showCount(count, toastCount(data));
    const description = h('div', { 'data-scope': 'toast', 'data-part': 'description', class: 'si-toast-description' });
    description.textContent = String(data.description ?? '');
    description.hidden = !data.description;
    const element = h(
      'div',
      {
        id: data.id,
        class: 'si-toast',
        'data-scope': 'toast',
        'data-part': 'root',
        'data-type': type,
        'data-state': 'open',
        role: 'status',
        'aria-atomic': 'true',
        'aria-labelledby': title.id,
        tabindex: 0,
      },
      icon(INDICATOR[type] ?? icons.alert),
      h('div', { class: 'si-toast-text' }, h('div', { class: 'si-toast-heading' }, title, count), description),
    );
    const toast: Shown = {
      element,
      title,
      count,
      description,
      left: data.duration ?? Number.POSITIVE_INFINITY,
      started: 0,
      timer: undefined,
      paused: false,
      removeDelay: data.removeDelay ?? 0,
    };
    if (data.closable) {
      element.append(
        h(
          'button',
          {
            type: 'button',
            class: 'si-toast-close',
            'data-scope': 'toast',
            'data-part': 'close-trigger',
            'aria-label': 'Dismiss',
            onClick: () => close(toast),
          },
          icon(icons.close),
        ),
      );
    }
    const hold = () => {
      toast.paused = true;
      pause(toast);
    };
    const release = () => {
      toast.paused = false;
      run(toast);
    };
    element.addEventListener('pointerenter', hold);
    element.addEventListener('pointerleave', release);
    element.addEventListener('focusin', hold);
    element.addEventListener('focusout', release);
    shown.set(data.id, toast);
    group.prepend(element);
    run(toast);
  };

  const unsubscribe = toaster.subscribe((data: ToastData) => {
    if (data.dismiss) {
      const toast = shown.get(data.id);
      if (!toast) return;
      window.clearTimeout(toast.timer);
      toast.element.remove();
      shown.delete(data.id);
      return;
    }
    draw(data);
  });
  const onVisibility = () => {
    for (const toast of shown.values()) {
      if (document.hidden) pause(toast);
      else run(toast);
    }
  };
  document.addEventListener('visibilitychange', onVisibility);
  toasterStarted();

  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisibility);
    for (const toast of shown.values()) window.clearTimeout(toast.timer);
    group.remove();
  };
}

/** The '×2' of a toast raised again (lib/toaster.ts), popped in anew at each repeat; nothing at first. */
function showCount(element: HTMLElement, count: number): void {
  element.hidden = count < 2;
  element.textContent = `×${count}`;
  element.setAttribute('aria-label', `raised ${count} times`);
  // Restarts its CSS animation.
  element.classList.remove('si-pop');
  void element.offsetWidth;
  element.classList.add('si-pop');
}
