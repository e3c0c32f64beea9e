// The playground under real use (issue 14): a docs page with many examples, phones, big loops,
// cancel and progress, keyboard and screen readers, page wording, untrusted links, transfer.
// Each case names the problem it covers; the figures go to the e2e summary.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { deflateSync, strToU8 } from 'fflate';
import { ARTIFACTS, assert } from './harness.mjs';
import { codeWordsOnScreen } from './code-words.mjs';
import {
  SNIPPET, bigLoop, example, longestTaskSince, nextResult, openPlayground, panesDrawn, recordLongTasks, runWithKeyboard, runawaySnippet,
  runs, setSource, site, text,
} from './actions.mjs';

// A share-link fragment for a snippet, as the playground writes it.
export function fragment(src, { gen = 'cost-based', panes = ['table', 'rrt', 'trace', 'timeline'], cap = 0 } = {}) {
  const payload = { src, gen, model: 'blackwell', cap, it: 10, p: panes };
  return `v=1&s=${Buffer.from(deflateSync(strToU8(JSON.stringify(payload)))).toString('base64url')}`;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// axe-core's serious and critical violations on the page (open shadow roots included), as
// "rule: target" lines. Evaluated through the debugger, so the page's CSP does not block it.
export async function axeViolations(page) {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id} (${v.impact}): ${JSON.stringify(n.target)} ${n.html.slice(0, 120)} ${n.failureSummary?.split('\n')[1] ?? ''}`));
}

// SNIPPET with its latencies scaled, so each example on a page has a result of its own.
const variant = (k) => SNIPPET.replace(/sched\.latency = (\d+)/g, (_, n) => `sched.latency = ${Number(n) + k}`).replace('@e2e', `@e2e_${k}`);

const indent = (src) => src.split('\n').map((l) => `      ${l}`).join('\n');

// A documentation page: `elements` custom elements (alternating generators) and `iframes` embeds.
function docsPage(elements, iframes) {
  const parts = [];
  for (let k = 0; k < elements; k++) {
    const gen = k % 2 ? 'serial' : 'cost-based';
    parts.push(`<h2>Example ${k + 1}</h2><p>Some prose about the loop.</p>
<tilesched-playground data-k="${k}" generator="${gen}" panes="table,rrt" readonly>
${indent(variant(k).replace(/</g, '&lt;'))}
</tilesched-playground>`);
  }
  for (let k = 0; k < iframes; k++) {
    parts.push(`<h2>Embedded ${k + 1}</h2><iframe title="example ${k + 1}" src="embed.html?readonly=1&panes=table#${fragment(variant(20 + k))}" width="100%" height="460" loading="lazy"></iframe>`);
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title>
<script type="module" src="./tilesched-playground.js"></script></head><body><h1>Pipelining notes</h1>
${parts.join('\n')}</body></html>`;
}

// Timing targets. A wall-clock figure depends on the machine and its load (this one shares two
// cores), so each target is a ratio to the core's own time on the same loop in the same run,
// measured in the worker while the page waits: a slow or busy machine slows both alike, and a
// page that does too much fails on any machine. The absolute figures go to e2e-summary.json.
function targetRatio(metrics, name, value, reference, limit) {
  const ratio = value / reference;
  metrics.targets ??= {};
  metrics.targets[name] = `${Math.round(value)} ms / core ${Math.round(reference)} ms = ${ratio.toFixed(2)} (target < ${limit})`;
  if (!(ratio < limit)) throw new Error(`${name}: ${Math.round(value)} ms against the core's ${reference} ms, ratio ${ratio.toFixed(2)}, target < ${limit}`);
}

// The longest main-thread task against the core's time on the same 5,000-op loop: 0.03 measured
// under a load of 23 on two cores (192 ms against 5.9 s); the 100 ms goal on an idle machine
// is about 0.07 of the core's time there.
const LONGEST_TASK_RATIO = 0.15;

const coreMs = async (page) => Number(/core ran in ([\d.]+) ms/.exec(await text(page, 'run-status'))?.[1]);

export const realUseCases = ({ metrics }) => [
  ['1. a docs page with 12 elements and 2 iframes renders every one', async (page) => {
    await page.route(`${site.url}docs-12.html`, (route) => route.fulfill({ contentType: 'text/html', body: docsPage(12, 2) }));
    await page.goto(`${site.url}docs-12.html`);
    await page.waitForFunction(() => customElements.get('tilesched-playground') !== undefined);
    const elements = page.locator('tilesched-playground');
    // A reader scrolls down the page; each example starts as it comes near the viewport.
    for (let k = 0; k < 12; k++) await elements.nth(k).scrollIntoViewIfNeeded();
    for (let k = 0; k < 12; k++) {
      await elements.nth(k).locator('[data-testid="ii"]').waitFor({ timeout: 30000 });
      const want = k % 2 ? 'serial' : 'cost-based';
      const got = await elements.nth(k).locator('[data-testid="generator"]').innerText();
      assert(got === want, `element ${k + 1} shows the ${got} generator's result, not its own (${want})`);
    }
    for (let k = 0; k < 2; k++) {
      const frame = page.frameLocator('iframe').nth(k);
      await page.locator('iframe').nth(k).scrollIntoViewIfNeeded();
      await frame.locator('[data-testid="ii"]').waitFor({ timeout: 30000 });
    }
    metrics.docsPageRendered = `${await elements.locator('[data-testid="ii"]').count()} of 12 elements, 2 of 2 iframes`;
    assert(await elements.locator('[data-testid="ii"]').count() === 12, 'not every element rendered');
    // Each element is at most the suggested 640 px (shorter than a laptop's window); what does not
    // fit scrolls inside its results, and the editor still shows the loop.
    const boxes = await elements.evaluateAll((els) => els.map((e) => {
      const results = e.shadowRoot.querySelector('.ts-embed > .results');
      return { height: Math.round(e.getBoundingClientRect().height), inner: results.scrollHeight - results.clientHeight };
    }));
    metrics.docsPageElementHeights = boxes.map((b) => b.height).join(' ');
    assert(boxes.every((b) => b.height <= 640), `element heights ${metrics.docsPageElementHeights} px: over 640`);
    assert(boxes.every((b) => b.inner > 0), `the results do not scroll inside: ${boxes.map((b) => b.inner).join(' ')}`);
    await elements.nth(0).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'docs-page-12-elements.png') });
  }],

  ['2. phone 390x844: stacked layout, results, panes and menus on screen', async (page) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPlayground(page);
    const inside = async (locator, what) => {
      const box = await locator.boundingBox();
      assert(box && box.width > 0, `${what} is not displayed`);
      assert(box.x >= 0 && box.x + box.width <= 390, `${what} is off-screen: x ${Math.round(box.x)}..${Math.round(box.x + box.width)}`);
      return box;
    };
    const results = await inside(page.locator('.results-col'), 'the results column');
    assert(results.width >= 340, `the results column is ${results.width} px wide`);
    await inside(page.locator('[data-testid="ii"]'), 'the II');
    for (const toggle of await page.locator('.pane-toggle').all()) await inside(toggle, `pane toggle ${await toggle.innerText()}`);
    await inside(page.locator('[data-testid="stage-table"]').locator('xpath=ancestor::section[1]'), 'the stage/order pane');
    await page.screenshot({ path: join(ARTIFACTS, 'phone-390x844-playground.png') });
    await page.screenshot({ path: join(ARTIFACTS, 'phone-390x844-playground-full.png'), fullPage: true });
    // Options fold behind a button.
    await page.locator('[data-testid="options-toggle"]').click();
    await inside(page.locator('[data-testid="opt-generator"]'), 'the generator option');
    // Share: "Copy link" on screen.
    await page.locator('[data-testid="share"]').click();
    await inside(page.locator('[data-testid="copy-link"]'), 'Copy link');
    await inside(page.locator('[data-testid="copy-markdown"]'), 'Copy as Markdown');
    await page.screenshot({ path: join(ARTIFACTS, 'phone-390x844-share.png') });
    await page.locator('.prefs summary').click();
    await inside(page.locator('[data-testid="pref-theme"]'), 'the theme preference');
    // Touch: with a coarse pointer every toolbar control is a 44 px target.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await cdp.send('Emulation.setEmitTouchEventsForMouse', { enabled: true, configuration: 'mobile' });
    assert(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), 'touch emulation did not apply');
    const small = await page.locator('.topbar button:visible, .topbar select:visible, .topbar summary:visible, .pane-toggle')
      .evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().height < 44).map((e) => e.textContent.trim() || e.getAttribute('aria-label')));
    assert(small.length === 0, `touch targets under 44 px: ${small.join(', ')}`);
    await cdp.detach();
    // The embed page on a phone.
    await page.goto(`${site.url}embed.html#${fragment(SNIPPET)}`);
    await page.locator('[data-testid="ii"]').waitFor({ timeout: 20000 });
    for (const toggle of await page.locator('.pane-toggle').all()) await inside(toggle, `embed tab ${await toggle.innerText()}`);
    await inside(page.locator('[data-testid="open-in-playground"]'), 'Open in playground');
    await page.screenshot({ path: join(ARTIFACTS, 'phone-390x844-embed.png') });
  }],

  ['2. desktop 1440x900 and 1280x800: side by side, menus on screen', async (page) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPlayground(page);
    assert((await page.locator('.results-col').boundingBox()).width > 600, 'results column too narrow at 1440');
    await page.screenshot({ path: join(ARTIFACTS, 'desktop-1440x900-playground.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const menu of ['share', 'prefs', 'help']) {
      await page.locator(`.${menu} summary`).click();
      const box = await page.locator(`.${menu} .menu-body`).boundingBox();
      assert(box.x >= 0 && box.x + box.width <= 1280 && box.y + box.height <= 800, `${menu} menu off-screen at 1280x800`);
      await page.keyboard.press('Escape');
      assert(!(await page.locator(`.${menu}`).evaluate((d) => d.open)), `Escape did not close the ${menu} menu`);
    }
    await page.locator('.share summary').click();
    await page.mouse.click(20, 600); // the editor, left of the menu (it holds the embed builder, so it is wide)
    assert(!(await page.locator('.share').evaluate((d) => d.open)), 'a click outside did not close the share menu');
  }],

  ['3. a 5,000-op loop: windowed panes, no main-thread task longer than a fraction of the core\'s time once the result is in', async (page) => {
    await recordLongTasks(page);
    await openPlayground(page, { runOnEdit: false, timeLimitMs: 120000 });
    await page.selectOption('[data-testid="opt-generator"]', 'cost-based');
    await page.selectOption('[data-testid="opt-model"]', 'blackwell');
    await setSource(page, bigLoop(5000));
    await runWithKeyboard(page, 120000);
    await panesDrawn(page);
    await page.waitForTimeout(300);
    const reply = await page.evaluate(() => performance.getEntriesByName('tilesched:reply').at(-1).startTime);
    assert(Number(await text(page, 'op-count')) === 5000, 'not 5000 ops');
    const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const rows = await page.locator('[data-testid="stage-table"] tbody tr[data-op]').count();
    const entries = await page.locator('[data-testid="trace-entry"]').count();
    const cells = await page.locator('[data-testid="rrt-heatmap"] .cell').count();
    const bars = Number(await page.locator('[data-testid="timeline"]').getAttribute('data-bars'));
    metrics.bigLoop5000 = { domNodes: nodes, tableRows: rows, traceEntries: entries, heatmapCells: cells, timelineBars: bars };
    assert(rows > 10 && rows < 120, `${rows} table rows in the page for 5000 ops`);
    assert(entries > 5 && entries < 120, `${entries} trace entries in the page`);
    assert(nodes < 8000, `${nodes} DOM nodes`);
    metrics.coreMs5000 = await coreMs(page);
    metrics.longestTaskAfterResult5000Ms = await longestTaskSince(page, reply);
    // Interactions on the big result: a pane toggled off and on, a trace step, a scroll.
    const t1 = await page.evaluate(() => performance.now());
    await page.locator('.pane-toggle[data-pane="timeline"]').click();
    await page.locator('.pane-toggle[data-pane="timeline"]').click();
    await panesDrawn(page);
    await page.locator('[data-testid="trace-step"]').focus();
    for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowLeft');
    await page.locator('[data-testid="stage-table"]').locator('xpath=..').evaluate((el) => { el.scrollTop = 2600 * 24 - 100; });
    await page.waitForTimeout(300);
    metrics.longestTaskInteracting5000Ms = await longestTaskSince(page, t1);
    assert(await page.locator('[data-testid="stage-table"] tbody tr[data-op="2600"]').count() === 1, 'scrolling the table did not draw the rows in view');
    await page.screenshot({ path: join(ARTIFACTS, 'big-loop-5000.png') });
    // The page never stalls for more than a fraction of what the scheduler itself took.
    targetRatio(metrics, 'longest main-thread task after the 5,000-op result', metrics.longestTaskAfterResult5000Ms, metrics.coreMs5000, LONGEST_TASK_RATIO);
    targetRatio(metrics, 'longest main-thread task toggling, stepping, scrolling on 5,000 ops', metrics.longestTaskInteracting5000Ms, metrics.coreMs5000, LONGEST_TASK_RATIO);
  }],

  ['3. a 20,000-op loop shows its II and table, the page\'s part shorter than the core\'s', async (page) => {
    await recordLongTasks(page);
    await openPlayground(page, { runOnEdit: false, timeLimitMs: 120000 });
    await page.selectOption('[data-testid="opt-model"]', 'blackwell');
    await setSource(page, bigLoop(20000));
    const before = await runs(page);
    await page.locator('.cm-content').first().click();
    const t0 = await page.evaluate(() => performance.now());
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="run-status"]').dataset.runs) > n &&
      document.querySelector('[data-testid="ii"]') && document.querySelector('[data-testid="stage-table"] tbody tr[data-op]'), before, { timeout: 120000 });
    const t1 = await page.evaluate(() => performance.now());
    metrics.timeToII20000Ms = Math.round(t1 - t0);
    metrics.coreMs20000 = await coreMs(page);
    assert(Number(await text(page, 'op-count')) === 20000, 'not 20000 ops');
    await panesDrawn(page);
    metrics.domNodes20000 = await page.evaluate(() => document.getElementsByTagName('*').length);
    assert(metrics.domNodes20000 < 8000, `${metrics.domNodes20000} DOM nodes`);
    await page.screenshot({ path: join(ARTIFACTS, 'big-loop-20000.png') });
    // The page's part (reading the document, drawing the table) costs less than the core's.
    targetRatio(metrics, 'the page\'s part of the time to II and table on 20,000 ops', metrics.timeToII20000Ms - metrics.coreMs20000, metrics.coreMs20000, 1);
  }],

  ['4. a run shows progress, dims the old results and can be cancelled', async (page) => {
    await openPlayground(page, { runOnEdit: false, timeLimitMs: 60000 });
    const ii = await text(page, 'ii');
    // 6,000 ops: the 2,000-op runaway now ends (budget spent, serial fallback) within ~1 s, before
    // the cancel button could be pressed.
    await setSource(page, runawaySnippet(6000));
    await page.locator('.results[data-stale="true"]').waitFor({ timeout: 5000 });
    assert(await page.locator('[data-testid="stale-note"]').isVisible(), 'the edited results are not marked out of date');
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+Enter');
    await page.locator('[data-testid="run-progress"]').waitFor({ timeout: 5000 });
    await page.waitForFunction(() => /Scheduling/.test(document.querySelector('[data-testid="run-status"]').textContent), null, { timeout: 10000 });
    await page.waitForTimeout(700);
    assert(/\d\.\d s \(stops at 60 s\)/.test(await text(page, 'run-status')), `no elapsed time shown: ${await text(page, 'run-status')}`);
    await page.screenshot({ path: join(ARTIFACTS, 'run-in-progress.png') });
    const t0 = Date.now();
    await page.locator('[data-testid="cancel-run"]').click();
    await page.locator('[data-testid="run-status"][data-status="cancelled"]').waitFor({ timeout: 2000 });
    metrics.cancelMs = Date.now() - t0;
    assert((await text(page, 'ii')) === ii, 'the previous results are gone after the cancel');
    assert(await page.locator('.results[data-stale="true"]').count() === 1, 'the previous results are not marked stale after the cancel');
    await setSource(page, SNIPPET);
    await runWithKeyboard(page);
    assert(await page.locator('.results[data-stale="false"]').count() === 1, 'a fresh result is still marked stale');
  }],

  ['5. keyboard: one tab stop per table, list, heatmap and timeline; arrow keys; focus tells what a tooltip would', async (page) => {
    await openPlayground(page);
    await page.selectOption('[data-testid="opt-generator"]', 'cost-based');
    await page.selectOption('[data-testid="opt-model"]', 'blackwell');
    await setSource(page, bigLoop(400));
    await runWithKeyboard(page, 60000);
    await panesDrawn(page);
    const stops = await page.locator('.results-col').evaluate((col) => [...col.querySelectorAll('button, select, input, a[href], [tabindex]')]
      .filter((e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length).length);
    metrics.tabStopsInResults400 = stops;
    assert(stops < 40, `${stops} tab stops in the results of a 400-op loop`);
    // Stage table: arrows and End move the one focusable row.
    await page.locator('[data-testid="stage-table"] tbody tr[tabindex="0"]').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assert((await page.evaluate(() => document.activeElement.dataset.op)) === '2', 'ArrowDown did not move to the third row');
    await page.keyboard.press('End');
    assert((await page.evaluate(() => document.activeElement.dataset.op)) === '399', 'End did not reach the last row');
    // Heatmap: a cell takes focus and its occupants are spelled out.
    await page.locator('[data-testid="rrt-heatmap"] .cell[tabindex="0"]').focus();
    await page.keyboard.press('ArrowRight');
    const cell = await page.evaluate(() => ({ row: document.activeElement.dataset.row, label: document.activeElement.getAttribute('aria-label') }));
    assert(cell.row === '1' && /^row 1 · /.test(cell.label), `heatmap focus: ${JSON.stringify(cell)}`);
    assert((await text(page, 'heatmap-detail')) === cell.label, 'the focused cell is not described under the heatmap');
    // Timeline: the canvas takes focus; arrows move the cursor and describe the bar.
    await page.locator('[data-testid="timeline"]').focus();
    await page.keyboard.press('ArrowRight');
    assert(/^iteration 0, stage \d+, cycle \d+: %v\d+ = arith\.addf/.test(await text(page, 'timeline-detail')), `timeline focus: ${await text(page, 'timeline-detail')}`);
    await page.keyboard.press('ArrowDown');
    assert(/^iteration 1,/.test(await text(page, 'timeline-detail')), 'ArrowDown did not move to the next iteration');
    // Trace list: one stop, arrows move.
    await page.locator('[data-testid="trace-entry"][tabindex="0"]').focus();
    const first = await page.evaluate(() => document.activeElement.dataset.step);
    await page.keyboard.press('ArrowDown');
    assert(await page.evaluate(() => document.activeElement.dataset.step) !== first, 'ArrowDown did not move in the trace');
    // Every control has a name (the comparison select had none).
    assert((await page.locator('#opt-compare').evaluate((e) => e.labels?.[0]?.textContent ?? '')) === 'Compare with', 'the comparison select has no label');
  }],

  ['5. axe: no serious or critical violation on the playground, the embed page and the element, light and dark', async (page) => {
    const found = {};
    for (const theme of ['light', 'dark']) {
      await openPlayground(page, { runOnEdit: false, theme });
      await panesDrawn(page);
      found[`playground ${theme}`] = await axeViolations(page);
      await page.goto(`${site.url}embed.html?theme=${theme}#${fragment(SNIPPET)}`);
      await page.locator('[data-testid="ii"]').waitFor({ timeout: 20000 });
      await panesDrawn(page);
      found[`embed ${theme}`] = await axeViolations(page);
      await page.route(`${site.url}element-${theme}.html`, (route) => route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title><script type="module" src="./tilesched-playground.js"></script></head>
<body><main><h1>Docs</h1><tilesched-playground theme="${theme}" generator="cost-based">${indent(SNIPPET.replace(/</g, '&lt;'))}</tilesched-playground></main></body></html>`,
      }));
      await page.goto(`${site.url}element-${theme}.html`);
      await page.locator('tilesched-playground [data-testid="ii"]').waitFor({ timeout: 20000 });
      await panesDrawn(page);
      found[`element ${theme}`] = await axeViolations(page);
    }
    metrics.axeSeriousOrCritical = Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v.length]));
    const all = Object.entries(found).flatMap(([k, v]) => v.map((x) => `${k}: ${x}`));
    assert(all.length === 0, `axe violations:\n        ${all.join('\n        ')}`);
  }],

  ['6. the page speaks to people: no seed number, C++ name or flag, limits in the page\'s terms', async (page) => {
    // The page's own text, without the snippet (the editor holds the user's text as it is).
    const pageText = () => page.evaluate(() => {
      const body = document.body.cloneNode(true);
      for (const e of body.querySelectorAll('.cm-editor, option')) e.remove();
      return body.innerText ?? body.textContent;
    });
    const INTERNAL = /\bseed \d{3}\b|\w::\w|std::|(^|[\s(])--[a-z]/m;
    await openPlayground(page); // the default example's notes had "(seed 002 trivial fallback)"
    assert(!INTERNAL.test(await pageText()), `internal words on the page: ${INTERNAL.exec(await pageText())}`);
    // A resource limit: nesting deeper than the parser takes.
    await setSource(page, SNIPPET.replace('sched.latency = 3 : i32}', `sched.latency = 3 : i32, deep = ${'['.repeat(140)}${']'.repeat(140)}}`));
    await runWithKeyboard(page);
    const diags = (await page.locator('[data-testid="diagnostic"]').allInnerTexts()).join('\n');
    assert(/nesting is deeper than 128 levels; flatten the input/.test(diags), `no nesting-limit diagnostic: ${diags}`);
    // The search budget, offered as an option, and named in the warning with what to do.
    await page.selectOption('[data-testid="opt-generator"]', 'cost-based');
    await page.selectOption('[data-testid="opt-model"]', 'blackwell');
    await page.fill('[data-testid="opt-work-budget"]', '40');
    await page.press('[data-testid="opt-work-budget"]', 'Tab');
    await setSource(page, bigLoop(120));
    await runWithKeyboard(page, 60000);
    const budget = (await page.locator('[data-testid="diagnostic"]').allInnerTexts()).join('\n');
    assert(/the search budget \(40 placement checks\) ran out.*Raise the search budget \(Options\)/s.test(budget), `budget warning: ${budget}`);
    const shown = await pageText();
    assert(!INTERNAL.test(shown), `internal words on the page: ${INTERNAL.exec(shown)}`);
    await page.screenshot({ path: join(ARTIFACTS, 'wording-budget.png') });
  }],

  ['6. no code word on screen with expert words off: gallery, a Triton FA dump, cuda_tile, errors, a comparison, the glossary, an embed', async (page) => {
    await openPlayground(page);
    const found = [];
    const check = async (what, options) => {
      for (const f of await codeWordsOnScreen(page, options)) found.push(`${what}: ${f}`);
    };
    const allPanes = async () => {
      const closed = page.locator('.pane-toggle[aria-pressed="false"]');
      while (await closed.count()) await closed.first().click();
      await panesDrawn(page);
    };
    // Gallery kernels, a real Triton attention dump, CUDA Tile IR, a snippet with errors, a loop
    // no II schedules, a kernel over the shared-memory budget.
    const examples = ['hopper-tma-wgmma-gemm', 'triton-blackwell-attention', 'triton36-hopper-attention-forward', 'cuda-tile-gemm',
      'broken', 'infeasible', 'hopper-tma-wgmma-gemm-512x512-f32'];
    for (const id of examples) {
      const before = await runs(page);
      await page.selectOption('[data-testid="examples"]', id);
      await nextResult(page, before, 60000);
      await allPanes();
      await check(id);
    }
    // A comparison with the serial generator, and the glossary.
    await page.selectOption('[data-testid="examples"]', 'triton-blackwell-attention');
    await page.selectOption('[data-testid="opt-compare"]', 'serial');
    await runWithKeyboard(page, 60000);
    await page.locator('[data-testid="compare-table"]').waitFor();
    await check('comparing with serial');
    await page.locator('.help summary').click();
    await page.click('[data-testid="open-glossary"]');
    await check('the glossary');
    await page.keyboard.press('Escape');
    // An embed (no options on screen).
    await page.goto(`${site.url}embed.html#${fragment(example('triton-blackwell-attention'), { panes: ['table', 'rrt', 'trace', 'why', 'memory'] })}`);
    await page.locator('[data-testid="ii"]').waitFor({ timeout: 30000 });
    await panesDrawn(page);
    await check('the embed', { embed: true });
    metrics.codeWordsFound = found.length;
    writeFileSync(join(ARTIFACTS, 'code-words.txt'), found.join('\n'));
    assert(found.length === 0, `code words on screen:\n        ${found.slice(0, 40).join('\n        ')}`);
    // The check itself: a unit name planted in a pane is caught.
    await page.locator('.pane').first().evaluate((p) => p.append(document.createTextNode('held by tp_smem_wr')));
    const planted = await codeWordsOnScreen(page);
    assert(planted.length === 1 && /tp_smem_wr/.test(planted[0]), `the planted unit name was not caught: ${planted.join('; ')}`);
  }],

  ['7. untrusted links: capped unpacking, cut-off links, Markdown fences, a CSP the worker runs under', async (page) => {
    const violations = [];
    await page.exposeFunction('__cspViolation', (v) => violations.push(v));
    await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => window.__cspViolation(`${e.violatedDirective} ${e.blockedURI}`)));
    // A deflate bomb: a few KB of link that would unpack to 4 MB.
    const bomb = fragment('x'.repeat(4 * 1024 * 1024));
    assert(bomb.length < 10000, `the bomb link is ${bomb.length} characters`);
    const t0 = Date.now();
    await openPlayground(page, { runOnEdit: false }, `#${bomb}`);
    metrics.bombLinkMs = Date.now() - t0;
    assert(/unpacks to more than 2 MB/.test(await text(page, 'notice')), `no size notice: ${await text(page, 'notice')}`);
    assert((await page.evaluate(() => document.querySelector('.cm-content').textContent.length)) < 100000, 'the bomb was loaded');
    // A link cut short by a chat tool.
    const good = fragment(SNIPPET);
    for (const cut of [7, 8, 30]) {
      await page.goto(`${site.url}embed.html#${good.slice(0, -cut)}`);
      await page.waitForTimeout(100);
      await page.goto(`${site.url}#${good.slice(0, -cut)}`);
      await page.locator('[data-testid="notice"]').waitFor();
      const notice = await text(page, 'notice');
      assert(/looks cut off/.test(notice) && !/atob|InvalidCharacter|decoded/.test(notice), `cut ${cut}: ${notice}`);
    }
    // Markdown for a snippet that tries to leave its code block.
    const hostile = `${SNIPPET}// \`\`\`\n// ![x](javascript:alert(1))\n// ~~~~~\n// [y](javascript:alert(2))\n`;
    await openPlayground(page, { runOnEdit: false });
    await setSource(page, hostile.replace(/^\/\/ /gm, ''));
    await runWithKeyboard(page);
    await page.locator('[data-testid="share"]').click();
    await page.locator('[data-testid="copy-markdown"]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="share-note"]')?.textContent?.includes('Markdown copied'));
    const md = await page.evaluate(() => navigator.clipboard.readText());
    const fence = /^(`{3,}|~{3,})mlir$/m.exec(md)?.[1];
    assert(fence && fence.length > 5, `fence ${fence}`);
    const outside = md.split(`${fence}mlir`)[0] + md.split(`\n${fence}\n`).slice(1).join('');
    assert(!/javascript:/.test(outside) && (outside.match(/\]\(/g) ?? []).length === 1, `Markdown outside the fence:\n${outside}`);
    // The CSP: in both pages and as a header, which adds who may frame the page (only the embed
    // page may be framed by other sites); the worker and the wasm run under it.
    for (const path of ['', 'embed.html']) {
      await page.goto('about:blank');
      const res = await page.goto(`${site.url}${path}#${good}`);
      const header = res.headers()['content-security-policy'] ?? '';
      const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
      const frameAncestors = path === 'embed.html' ? '*' : "'none'";
      assert(meta && header === `${meta}; frame-ancestors ${frameAncestors}` && /script-src 'self' 'wasm-unsafe-eval'/.test(meta) &&
        !/unsafe-eval'|script-src[^;]*unsafe-inline/.test(meta.replace("'wasm-unsafe-eval'", '')), `CSP of /${path}: meta ${meta}, header ${header}`);
      await page.locator('[data-testid="ii"]').first().waitFor({ timeout: 20000 });
      const injected = await page.evaluate(() => {
        const s = document.createElement('script');
        s.textContent = 'window.__injected = 1';
        document.body.append(s);
        return window.__injected ?? null;
      });
      assert(injected === null, 'an inline script ran despite the CSP');
      // The violation event reaches the test asynchronously; wait for it before leaving the page
      // (a loaded machine once left the list empty).
      const expected = path === '' ? 1 : 2;
      for (const t0 = Date.now(); violations.length < expected && Date.now() - t0 < 10000; ) await page.waitForTimeout(50);
    }
    // One violation per page: the injected script; the worker, the wasm and the styles raised none.
    assert(violations.length === 2 && violations.every((v) => v === 'script-src-elem inline'), `CSP violations besides the injected scripts: ${violations.join(', ')}`);
  }],

  ['9. transfer: precompressed assets; bytes and first result under fast 3G and 4G', async (page) => {
    const sizes = [];
    page.on('requestfinished', async (req) => {
      const res = await req.response();
      sizes.push({ url: req.url(), bytes: (await req.sizes()).responseBodySize, encoding: res?.headers()['content-encoding'] ?? '' });
    });
    await openPlayground(page, { runOnEdit: false });
    await page.waitForTimeout(300);
    const wasm = sizes.find((s) => s.url.endsWith('/tilesched.wasm'));
    assert(wasm && wasm.encoding === 'br', `the wasm came ${wasm?.encoding || 'uncompressed'}`);
    const uncompressed = sizes.filter((s) => /\.(js|mjs|css|html|wasm)$/.test(new URL(s.url).pathname) && !s.encoding && s.bytes > 1024);
    assert(uncompressed.length === 0, `sent uncompressed: ${uncompressed.map((s) => s.url).join(', ')}`);
    metrics.transferBytes = sizes.reduce((n, s) => n + s.bytes, 0);
    metrics.transferFiles = sizes.length;
    assert(metrics.transferBytes < 600 * 1024, `${metrics.transferBytes} bytes transferred`);
    // Chrome DevTools' presets (latency in ms, throughput in bytes/s).
    const profiles = {
      'fast 3G': { latency: 562.5, downloadThroughput: 180000, uploadThroughput: 84375 },
      '4G': { latency: 165, downloadThroughput: 1012500, uploadThroughput: 168750 },
    };
    metrics.firstResultThrottledMs = {};
    for (const [name, conditions] of Object.entries(profiles)) {
      const p = await page.context().newPage();
      const cdp = await p.context().newCDPSession(p);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
      await p.goto(site.url);
      await p.locator('[data-testid="ii"]').waitFor({ timeout: 90000 });
      metrics.firstResultThrottledMs[name] = Math.round(await p.evaluate(() => performance.getEntriesByName('tilesched:first-result')[0].startTime));
      await p.close();
    }
    // The transfer alone takes bytes / throughput; a first result sooner would mean no throttling.
    assert(metrics.firstResultThrottledMs['fast 3G'] > metrics.transferBytes / 180, `fast 3G first result ${metrics.firstResultThrottledMs['fast 3G']} ms is faster than the transfer`);
  }],

  ['8. embed.html?panes=rrt,table opens the heatmap first, over the link\'s panes', async (page) => {
    await page.goto(`${site.url}embed.html?panes=rrt,table#${fragment(SNIPPET, { panes: ['table', 'trace'] })}`);
    await page.locator('[data-testid="ii"]').waitFor({ timeout: 20000 });
    const tabs = await page.locator('.pane-toggle').evaluateAll((bs) => bs.map((b) => `${b.dataset.pane}:${b.getAttribute('data-open')}`));
    assert(tabs.join() === 'rrt:true,table:false', `tabs ${tabs.join()}`);
    assert(await page.locator('[data-testid="rrt-heatmap"]').isVisible(), 'the heatmap is not shown');
    assert(await page.locator('[data-testid="stage-table"]').count() === 0, 'the stage table opened instead');
  }],

  ['9. every gallery example schedules under every built-in model, without an engine error or time-out', async (page) => {
    await openPlayground(page);
    const models = await page.locator('[data-testid="opt-model"] option').evaluateAll((os) => os.map((o) => o.value).filter((v) => v !== 'ir' && v !== 'custom'));
    const ids = await page.locator('[data-testid="examples"] option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
    assert(models.length >= 4 && ids.length >= 15, `models ${models.join()}, ${ids.length} examples`);
    const failures = [];
    const start = Date.now();
    // An example brings its own options (its model among them): pick the model after it, then run.
    for (const id of ids) {
      const before = await runs(page);
      await page.selectOption('[data-testid="examples"]', id);
      await nextResult(page, before, 120000);
      for (const model of models) {
        await page.selectOption('[data-testid="opt-model"]', model);
        await runWithKeyboard(page, 120000);
        const error = page.locator('[data-testid="engine-error"], [data-testid="engine-timeout"]');
        if (await error.count()) failures.push(`${id} under ${model}: ${await error.first().innerText()}`);
        const shown = await page.locator('[data-testid="block-model"]').first().innerText().catch(() => '');
        const [family, measured] = model.split('-');
        const said = shown.toLowerCase();
        if (id !== 'broken' && (!said.includes(family) || said.includes('measure') !== Boolean(measured))) failures.push(`${id} under ${model}: the block says "${shown}"`);
      }
    }
    metrics.galleryUnderEveryModelMs = Date.now() - start;
    assert(failures.length === 0, failures.join('\n'));
  }],
];
