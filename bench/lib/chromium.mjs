// Debian's Chromium for the benchmarks (Playwright's own browsers cannot be downloaded here), with the
// flags ARCHITECTURE.md lists; the end-to-end tests (e2e/harness.ts) launch it with these too.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
];
