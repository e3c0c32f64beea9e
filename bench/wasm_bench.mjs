// What the WebAssembly benches (bench/wasm_vs_native.mjs, bench/wasm_ab.mjs) share: V8's
// optimising tier up front, and builds of the module in one page of headless Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '../web/scripts/chromium.mjs';

// Both engines compile the module with their optimising tier up front (--no-liftoff), so a figure
// is the steady state a playground worker reaches, not the baseline tier's first runs. It is a
// V8 command-line option (Node does not support changing V8's flags at run time): a bench started
// without it runs itself again with it, and this returns only in that run.
export function requireOptimisingTier() {
  if (process.execArgv.includes('--no-liftoff')) return;
  process.exit(spawnSync(process.execPath, ['--no-liftoff', ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' }).status ?? 1);
}

// The modules in `wasmDirs` in one page of headless Chromium (the playground's engine), on
// localhost (a secure context) served by request interception with the cross-origin isolation
// headers, so the page's clock is precise to 5 us. `functions` ({ name: function }) are defined
// in the page from their source, so they may use nothing but their arguments and the page's
// globals; `call(name, ...args)` runs one there as name(modules, files, ...args), `modules` in
// the order of `wasmDirs` and `files` what `load` gave the page. Returns { skipped: why } when
// Chromium or playwright-core is missing.
export async function openChromiumPage(wasmDirs, functions) {
  if (CHROMIUM === 'none') return { skipped: 'CHROMIUM=none' };
  if (!existsSync(CHROMIUM)) return { skipped: `${CHROMIUM} not found` };
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    return { skipped: 'playwright-core not installed (npm install)' };
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, '--js-flags=--no-liftoff'],
  });
  const page = await browser.newPage();
  const headers = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
  const origin = 'http://localhost:4179';
  // Module i is served under /i/, where its glue finds its .wasm beside it.
  await page.route(`${origin}/**`, (route) => {
    const [, dir, file] = new URL(route.request().url()).pathname.split('/');
    if (!file) return route.fulfill({ headers: { ...headers, 'content-type': 'text/html' }, body: '<!doctype html><title>bench</title>' });
    const type = file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
    return route.fulfill({ headers: { ...headers, 'content-type': type }, body: readFileSync(path.join(wasmDirs[Number(dir)], file)) });
  });
  await page.goto(`${origin}/`);
  await page.evaluate(async (count) => {
    if (!crossOriginIsolated) throw new Error('the bench page is not cross-origin isolated');
    globalThis.modules = [];
    globalThis.files = {};
    for (let i = 0; i < count; ++i) {
      const { default: createTilesched } = await import(`/${i}/tilesched.mjs`);
      globalThis.modules.push(await createTilesched());
    }
  }, wasmDirs.length);
  for (const [name, fn] of Object.entries(functions)) await page.evaluate(`globalThis.${name} = ${fn}`);
  return {
    version: `Chromium ${browser.version()}`,
    close: () => browser.close(),
    // A file for the command lines to name by path, as under Node; sent once.
    load: (file, bytes) => page.evaluate(([f, b64]) => {
      globalThis.files[f] = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    }, [file, bytes.toString('base64')]),
    call: (name, ...args) => page.evaluate(([name, args]) => globalThis[name](globalThis.modules, globalThis.files, ...args), [name, args]),
  };
}
