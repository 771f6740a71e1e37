// Navigation from outside React (API middleware, timers): the same history
// wouter's browser location listens to, under the /userprofile base.
import { navigate } from 'wouter/use-browser-location';
// Imported for its start: every history entry is numbered from the first (the leave guard's Back and Forward).
import './history-index.ts';
import { BASE_PATH } from './paths.ts';

/** `state` is kept in the history entry (history.state) for the page shown there. */
export function navigateTo(path: string, options: { replace?: boolean; state?: unknown } = {}): void {
  navigate(BASE_PATH + path, { replace: options.replace ?? false, state: options.state ?? null });
}

/** The console path shown now ('/user/edit/abc'), without the base. */
export function currentPath(): string {
  const path = window.location.pathname;
  return path.startsWith(BASE_PATH) ? path.slice(BASE_PATH.length) || '/' : path;
}

/** A full page load of a console path: drops every in-memory state. */
export function reloadAt(path: string): void {
  window.location.assign(BASE_PATH + path);
}
