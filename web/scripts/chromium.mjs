// Debian's chromium as the e2e tests and bench/wasm_vs_native.mjs drive it (playwright-core):
// where it is (CHROMIUM overrides) and the switches a headless run on this machine needs
// (root: no sandbox; no network of its own: no background fetches or component updates).
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--no-first-run', '--disable-sync'];
