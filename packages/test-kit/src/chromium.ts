/**
 * The switches every headless Chromium the e2e suite and the benchmarks start runs with: no
 * sandbox (root has no user namespace here), no GPU, no QUIC, and none of the browser's own
 * background traffic (first-run pages, component updates, sync), so what is measured on the
 * wire is only the pages'.
 */
export const chromiumArgs: string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
