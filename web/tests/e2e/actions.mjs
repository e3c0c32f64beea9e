// Page actions and snippets shared by the e2e case files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync, strFromU8, strToU8 } from 'fflate';
import { REPO } from './harness.mjs';

// The served site, set once by run.mjs.
export const site = { url: '' };

// The JSON payload of a share-link fragment, for failure messages and checks: version 2 inflates
// against the link dictionary, then the gallery example named in x= (state/share.ts).
const LINK_DICTIONARY = Function(`return ${/=\s*([\s\S]*);/.exec(readFileSync(join(REPO, 'web/src/state/link-dictionary.ts'), 'utf8'))[1]}`)();
export function payloadOf(hash) {
  const q = new URLSearchParams(hash.slice(1));
  const x = q.get('x')?.split('.')[0];
  const dict = strToU8(LINK_DICTIONARY + (x ? JSON.stringify(example(x)) : ''));
  const options = q.get('v') === '1' ? {} : { dictionary: dict.subarray(Math.max(0, dict.length - 32 * 1024)) };
  return strFromU8(inflateSync(Buffer.from(q.get('s'), 'base64url'), options));
}

export const example = (name) => readFileSync(join(REPO, 'examples', `${name}.mlir`), 'utf8');

// A loop whose ops are described by override attributes only, so it means the same on any model.
export const SNIPPET = `func.func @e2e(%d: !nv_tileas.tma_desc<64x64xf16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t0 = nv_tileas.async.tiled_tma_load %d[%i] {sched.footprint = [["tma"], ["tma"]], sched.latency = 3 : i32} : !nv_tileas.AsyncToken
    %t1 = nv_tileas.async.tiled_tma_load %d[%i] {sched.footprint = [["tma"], ["tp_smem_wr"]], sched.latency = 3 : i32} : !nv_tileas.AsyncToken
    %a = nv_tileas.async.wait %t0 {sched.footprint = [["alu"]], sched.latency = 1 : i32} : tensor<64x64xf16>
    %b = nv_tileas.async.wait %t1 {sched.footprint = [["alu"]], sched.latency = 1 : i32} : tensor<64x64xf16>
    scf.yield
  }
  return
}
`;

// A loop far larger than any real kernel body, with an II cap that lets the search run long.
export function runawaySnippet(ops = 2000) {
  const body = Array.from({ length: ops }, (_, i) =>
    `    %v${i} = nv_tileas.async.tiled_tma_load %d[%i${i ? `, %v${i - 1}` : ''}] {sched.footprint = [["tma"], ["tma"], ["tma"]], sched.latency = 7 : i32} : !nv_tileas.AsyncToken`);
  return `func.func @runaway(%d: !nv_tileas.tma_desc<64x64xf16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
${body.join('\n')}
    scf.yield
  } {sched.ii_cap = 1000000 : i32}
  return
}
`;
}

// Sets the preferences a case starts with, once per tab (a reload keeps what the case changed).
// Each call's preferences are stored once, on the next load (a later reload keeps what the case
// changed); init scripts run in the order added, so a later call's preferences win.
let prefsCalls = 0;
export async function withPrefs(page, prefs) {
  await page.addInitScript(([p, key]) => {
    if (location.protocol !== 'http:' || sessionStorage.getItem(key)) return; // not about:blank
    sessionStorage.setItem(key, '1');
    localStorage.setItem('tilesched.prefs', JSON.stringify(p));
  }, [prefs, `e2e-prefs-${++prefsCalls}`]);
}

export const runs = (page) => page.locator('[data-testid="run-status"]').first().getAttribute('data-runs').then((v) => Number(v ?? 0));

// Waits until the session has completed more than `after` runs.
export async function nextResult(page, after, timeout = 20000) {
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid="run-status"]')?.getAttribute('data-runs') ?? 0) > n, after, { timeout });
}

// Replaces the editor text the way a user pastes: select all, then a paste event.
export const setSource = (page, text) => pasteInto(page, page.locator('.cm-content').first(), text);

export async function pasteInto(page, editor, text) {
  await editor.click();
  await page.keyboard.press('Control+A');
  await editor.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

export async function runWithKeyboard(page, timeout) {
  const before = await runs(page);
  await page.locator('.cm-content').first().click();
  await page.keyboard.press('Control+Enter');
  await nextResult(page, before, timeout);
}

// The share menu fills its link on the <details> 'toggle' event, which fires a task after the
// click; read the link once it is there (a loaded machine lost that race).
export async function openShareLink(page) {
  await page.locator('[data-testid="share"]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="share-url"]')?.value !== '');
  return page.inputValue('[data-testid="share-url"]');
}

export async function openPlayground(page, prefs = { runOnEdit: false }, hash = '') {
  await withPrefs(page, prefs);
  await page.goto(site.url + hash);
  await nextResult(page, 0);
}

export const text = (page, testid) => page.locator(`[data-testid="${testid}"]`).first().innerText();

// A loop of `n` ops generated for the big-loop cases (no MB-size fixture in the repository):
// chains of four ops, spread round-robin over sixteen singleton slots with footprint overrides,
// so it means the same on any model and the cost-based generator schedules it at its MII.
const BIG_SLOTS = ['issue', 'xu', 'xu64', 'alu', 'lsu', 'tmem', 'mma', 'tma', 'tp_gnic_rd', 'tp_gnic_wr', 'tp_smem_rd',
  'tp_smem_wr', 'tp_tmem_rd', 'tp_tmem_wr', 'tp_mma', 'dual_alu'];
export function bigLoop(n) {
  const lines = [];
  for (let k = 0; k < n; k++) {
    const arg = k % 4 === 0 ? '%x' : `%v${k - 1}`;
    lines.push(`    %v${k} = arith.addf ${arg}, %x {sched.footprint = [["${BIG_SLOTS[k % BIG_SLOTS.length]}"]], sched.latency = 2 : i32} : tensor<64x64xf16>`);
  }
  return `func.func @big(%x: tensor<64x64xf16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
${lines.join('\n')}
    scf.yield
  }
  return
}
`;
}

// Records the page's long tasks (over 50 ms) from its first script on, in window.__longTasks.
export async function recordLongTasks(page) {
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, end: e.startTime + e.duration, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

// The longest main-thread task that ended after `since` (performance.now() time), in ms; 0 if none took over 50 ms.
export const longestTaskSince = (page, since) =>
  page.evaluate((t) => Math.round(Math.max(0, ...window.__longTasks.filter((x) => x.end > t).map((x) => x.duration))), since);

// Waits until every open pane has been drawn (the ones after the first come in tasks of their own).
export const panesDrawn = (page) => page.waitForFunction(() => !document.querySelector('.pane-slot'), null, { timeout: 30000 });

// SNIPPET scheduled cost-based and compared with the serial generator, both results shown.
export async function compareGenerators(page) {
  await openPlayground(page, { runOnEdit: true });
  await setSource(page, SNIPPET);
  const before = await runs(page);
  await page.selectOption('[data-testid="opt-generator"]', 'cost-based');
  await page.selectOption('[data-testid="opt-compare"]', 'serial');
  await page.locator('[data-testid="compare"]').waitFor({ timeout: 20000 });
  await nextResult(page, before);
}
