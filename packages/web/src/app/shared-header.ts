// The suite's shared header (spec §4 "Shared header", §7 "Other"): set up
// once, when application info first arrives non-null, in this order:
// stylesheet from the header host, the header configuration script, the
// header script of the given version, then initialisation. The header's home
// link goes to /userprofile, its logout to /userprofile/logout, and its admin
// link is always hidden (spec §2).
import type { components } from '@userprofile/shared/generated/api';
import { BASE_PATH, href, toLogout } from '../lib/paths.ts';

export type ApplicationInfo = components['schemas']['ApplicationInfo'];

export interface HeaderInitConfig {
  /** CSS selector of the element the header renders into. */
  mount: string;
  homeUrl: string;
  logoutUrl: string;
  username: string;
  suiteName: string;
  appName: string;
}

/** The header's admin link, which the console always hides (spec §2). */
export const HEADER_ADMIN_LINK = '[data-common-header="admin"]';

declare global {
  interface Window {
    CommonHeader?: { init(config: HeaderInitConfig): void };
  }
}

export const HEADER_ELEMENT_ID = 'common-header';

export interface HeaderUrls {
  stylesheet: string;
  config: string;
  script: string;
}

/** The three files of the header, from application info, falling back to config.json's header host. */
export function headerUrls(info: ApplicationInfo, fallbackHost: string | null): HeaderUrls | null {
  const host = info.headerUrl || fallbackHost;
  if (!host || !info.headerVersion) return null;
  const base = new URL(`${host.replace(/\/+$/, '')}/`, window.location.href);
  const at = (path: string) => new URL(path, base).href;
  return {
    stylesheet: at(info.headerCss || 'customer.css'),
    config: at(info.headerConfig || 'conf.js'),
    script: at(`common-header-${info.headerVersion}.js`),
  };
}

function load<T extends HTMLLinkElement | HTMLScriptElement>(element: T): Promise<void> {
  return new Promise((resolve, reject) => {
    element.addEventListener('load', () => resolve(), { once: true });
    element.addEventListener('error', () => reject(new Error(`Could not load ${element.outerHTML}`)), { once: true });
    document.head.append(element);
  });
}

function stylesheet(href: string): Promise<void> {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  return load(link);
}

function script(src: string): Promise<void> {
  const el = document.createElement('script');
  el.src = src;
  // Executed in insertion order, after the previous file has loaded.
  el.async = false;
  return load(el);
}

let setUp: Promise<boolean> | null = null;

/** Sets the header up once; later calls answer the first outcome. Resolves true when the header initialised. */
export function setUpSharedHeader(info: ApplicationInfo | null | undefined, fallbackHost: string | null) {
  if (!info) return Promise.resolve(false);
  if (setUp) return setUp;
  const urls = headerUrls(info, fallbackHost);
  if (!urls) return Promise.resolve(false);
  setUp = (async () => {
    await stylesheet(urls.stylesheet);
    await script(urls.config);
    await script(urls.script);
    if (!window.CommonHeader) throw new Error('The shared header script defines no window.CommonHeader');
    window.CommonHeader.init({
      mount: `#${HEADER_ELEMENT_ID}`,
      homeUrl: BASE_PATH,
      logoutUrl: href(toLogout()),
      username: info.username,
      suiteName: info.suiteName,
      appName: info.appName,
    });
    // Hidden by attribute as well as by the global style (app/theme.ts), whichever the header honours.
    for (const admin of document.querySelectorAll<HTMLElement>(HEADER_ADMIN_LINK)) admin.hidden = true;
    return true;
  })().catch((error: unknown) => {
    // The console stays usable with its own top bar.
    console.error('The shared header could not be set up', error);
    return false;
  });
  return setUp;
}
