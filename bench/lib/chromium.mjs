// Debian's Chromium for the benchmarks (Playwright's own browsers cannot be downloaded here), with the
// flags ARCHITECTURE.md lists. e2e/harness.ts launches the same browser the same way for the tests.
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
