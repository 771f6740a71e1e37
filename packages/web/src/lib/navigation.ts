// Navigation from outside React (API middleware, timers): the same history
// wouter's browser location listens to, under the /userprofile base.
import { navigate } from 'wouter/use-browser-location';
import { BASE_PATH } from './paths.ts';

export function navigateTo(path: string, options: { replace?: boolean } = {}): void {
  navigate(BASE_PATH + path, { replace: options.replace ?? false });
}

/** A full page load of a console path: drops every in-memory state. */
export function reloadAt(path: string): void {
  window.location.assign(BASE_PATH + path);
}
