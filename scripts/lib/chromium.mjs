// How every tool here starts Debian's Chromium (a browser download is
// impossible on these machines). Without the background-networking flags,
// Chromium's connections are refused by the closed network, many at a time.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Debian's chromium-headless-shell: Chromium's headless browser alone, without the windows,
 * address bar and tab strip that the full browser keeps running headless. setup.mjs installs it.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser itself: CHROMIUM_PATH, else the headless shell, else Debian's full chromium.
 * The shell costs less per page: loading the users list ten times took 1.30 s a load (median)
 * and 4.0 CPU-seconds of its browser process, against 1.48 s and 9.4 with the full browser.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * What Playwright starts: chromium-features.sh, which starts CHROMIUM_PATH with every
 * --disable-features switch joined into one. Chromium honours only the last such switch
 * and Playwright passes its own list, so ours (below) would otherwise switch Playwright's back on.
 */
export const CHROMIUM_LAUNCHER = fileURLToPath(new URL('./chromium-features.sh', import.meta.url));

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 renders the address bar's suggestion popups with WebUI, and makes two of them,
  // each a renderer of its own, for every window, headless or not: every test's new browser
  // context paid for them. Without them users/user-list.spec.ts takes 100 s instead of 126 s
  // on 2 cores with one worker, its processes 66 instead of 81 CPU-seconds.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];

/** Playwright's launch options for that browser. */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM_LAUNCHER,
  args: CHROMIUM_ARGS,
  env: { ...process.env, CHROMIUM_PATH },
};
