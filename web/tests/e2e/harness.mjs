// A small e2e harness: builds the site, serves web/dist on 127.0.0.1, drives Debian's chromium
// through playwright-core, runs named cases in order and keeps a screenshot of each.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/chromium.mjs';
import { startStaticServer } from '../../scripts/static-server.mjs';

export const WEB = fileURLToPath(new URL('../../', import.meta.url));
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const ARTIFACTS = join(REPO, 'tests/artifacts/web');

// The e2e suite needs the real scheduler; say how to get it instead of failing obscurely.
export function requireWasm() {
  const missing = ['tilesched.mjs', 'tilesched.wasm'].filter((f) => !existsSync(join(WEB, 'public/wasm', f)));
  if (missing.length) {
    console.error(`e2e: web/public/wasm/${missing.join(', ')} missing. The set-up script builds the WebAssembly module and copies it there (bash scripts/setup.sh --no-serve).`);
    process.exit(1);
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`e2e: ${CHROMIUM} not found (apt-get install chromium, or set CHROMIUM=/path).`);
    process.exit(1);
  }
}

export async function buildSite() {
  await build({ configFile: join(WEB, 'vite.config.ts'), logLevel: 'warn' });
}

export async function startBrowser() {
  const { server, url } = await startStaticServer(join(WEB, 'dist'));
  const profile = mkdtempSync(join(tmpdir(), 'tilesched-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url.replace(/\/$/, '') });
  const close = async () => {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, url, close };
}

// Runs cases in order; each gets a fresh page and storage, and leaves a screenshot <name>.png.
export async function runCases(context, cases) {
  mkdirSync(ARTIFACTS, { recursive: true });
  let passed = 0;
  let failed = 0;
  for (const [name, fn] of cases) {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const t0 = performance.now();
    try {
      await fn(page);
      if (errors.length) throw new Error(`uncaught page errors: ${errors.join(' | ')}`);
      passed++;
      console.log(`  ✓ ${name} (${Math.round(performance.now() - t0)} ms)`);
    } catch (e) {
      failed++;
      console.log(`  ✗ ${name}\n      ${String(e?.stack ?? e).split('\n').slice(0, 6).join('\n      ')}`);
    } finally {
      await page.screenshot({ path: join(ARTIFACTS, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`) }).catch(() => {});
      // The cases share one browser context: what a case stored (preferences, expert words) must
      // not reach the next one.
      await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); }).catch(() => {});
      await page.close();
    }
  }
  return { passed, failed };
}

export function assert(cond, message) {
  if (!cond) throw new Error(message);
}
