// How every tool here starts Debian's Chromium (a browser download is
// impossible on these machines). Without the background-networking flags,
// Chromium's connections are refused by the closed network, many at a time.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
