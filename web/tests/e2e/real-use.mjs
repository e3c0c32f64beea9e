// The playground under real use (issue 14): a docs page with many examples, phones, big loops,
// cancel and progress, keyboard and screen readers, page wording, untrusted links, transfer.
// Each case names the problem it covers; the figures go to the e2e summary.
import { join } from 'node:path';
import { deflateSync, strToU8 } from 'fflate';
import { ARTIFACTS, assert } from './harness.mjs';
import {
  SNIPPET, bigLoop, longestTaskSince, nextResult, openPlayground, panesDrawn, recordLongTasks, runWithKeyboard, runawaySnippet,
  runs, setSource, site, text,
} from './actions.mjs';

// A share-link fragment for a snippet, as the playground writes it.
export function fragment(src, { gen = 'cost-based', panes = ['table', 'rrt', 'trace', 'timeline'], cap = 0 } = {}) {
  const payload = { src, gen, model: 'blackwell', cap, it: 10, p: panes };
  return `v=1&s=${Buffer.from(deflateSync(strToU8(JSON.stringify(payload)))).toString('base64url')}`;
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

// Timing targets of issue 14. Wall-clock figures depend on the machine and its load (CI shares
// two cores), so by default the suite reports them and flags a miss; TILESCHED_E2E_TIMING=strict
// (how docs/benchmarks.md measures them) turns a miss into a failure. The structural checks
// (what is drawn, how much DOM) always fail.
function target(metrics, name, value, limit) {
  metrics.targets ??= {};
  metrics.targets[name] = `${value} (target < ${limit})`;
  if (value < limit) return;
  if (process.env.TILESCHED_E2E_TIMING === 'strict') throw new Error(`${name}: ${value}, target < ${limit}`);
  console.log(`      note: ${name} ${value}, over its target ${limit} on this machine (TILESCHED_E2E_TIMING=strict fails on it)`);
}

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
    await page.mouse.click(640, 600);
    assert(!(await page.locator('.share').evaluate((d) => d.open)), 'a click outside did not close the share menu');
  }],

  ['3. a 5,000-op loop: windowed panes, no main-thread task over 100 ms once the result is in', async (page) => {
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
    target(metrics, 'longest main-thread task after the 5,000-op result (ms)', metrics.longestTaskAfterResult5000Ms, 100);
    target(metrics, 'longest main-thread task toggling, stepping, scrolling on 5,000 ops (ms)', metrics.longestTaskInteracting5000Ms, 100);
  }],

  ['3. a 20,000-op loop shows its II and table within 5 s', async (page) => {
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
    metrics.coreMs20000 = Number(/core ran in ([\d.]+) ms/.exec(await text(page, 'run-status'))?.[1]);
    assert(Number(await text(page, 'op-count')) === 20000, 'not 20000 ops');
    await panesDrawn(page);
    metrics.domNodes20000 = await page.evaluate(() => document.getElementsByTagName('*').length);
    assert(metrics.domNodes20000 < 8000, `${metrics.domNodes20000} DOM nodes`);
    await page.screenshot({ path: join(ARTIFACTS, 'big-loop-20000.png') });
    target(metrics, 'time to II and table on 20,000 ops (ms)', metrics.timeToII20000Ms, 5000);
  }],

  ['4. a run shows progress, dims the old results and can be cancelled', async (page) => {
    await openPlayground(page, { runOnEdit: false, timeLimitMs: 60000 });
    const ii = await text(page, 'ii');
    await setSource(page, runawaySnippet());
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

  ['8. embed.html?panes=rrt,table opens the heatmap first, over the link\'s panes', async (page) => {
    await page.goto(`${site.url}embed.html?panes=rrt,table#${fragment(SNIPPET, { panes: ['table', 'trace'] })}`);
    await page.locator('[data-testid="ii"]').waitFor({ timeout: 20000 });
    const tabs = await page.locator('.pane-toggle').evaluateAll((bs) => bs.map((b) => `${b.dataset.pane}:${b.getAttribute('aria-pressed')}`));
    assert(tabs.join() === 'rrt:true,table:false', `tabs ${tabs.join()}`);
    assert(await page.locator('[data-testid="rrt-heatmap"]').isVisible(), 'the heatmap is not shown');
    assert(await page.locator('[data-testid="stage-table"]').count() === 0, 'the stage table opened instead');
  }],
];
