// The playground's basic e2e cases: load, paste + Ctrl+Enter, located diagnostics, share links,
// the embed page, the custom element, generator comparison, trace replay, the worker time limit,
// every example, theme/keyboard.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, REPO, assert } from './harness.mjs';
import {
  SNIPPET, compareGenerators, example, nextResult, openPlayground, openShareLink, pasteInto, payloadOf, runWithKeyboard, runawaySnippet, runs,
  setSource, site, text, withPrefs,
} from './actions.mjs';

export const basicCases = ({ context, metrics }) => [
  ['loads the playground and schedules the default example', async (page) => {
    await withPrefs(page, {});
    await page.goto(site.url);
    await page.locator('[data-testid="ii"]').waitFor({ timeout: 20000 });
    const first = await page.evaluate(() => performance.getEntriesByName('tilesched:first-result')[0]?.startTime);
    assert(typeof first === 'number', 'no first-result mark');
    metrics.firstResultColdMs = Math.round(first);
    await page.reload();
    await page.locator('[data-testid="ii"]').waitFor({ timeout: 20000 });
    metrics.firstResultWarmMs = Math.round(await page.evaluate(() => performance.getEntriesByName('tilesched:first-result')[0]?.startTime));
    assert(/\d/.test(await text(page, 'core-version')), 'core version not shown');
  }],

  ['paste a snippet, Ctrl+Enter: table, heatmap, trace and II', async (page) => {
    await openPlayground(page);
    await page.selectOption('[data-testid="opt-generator"]', 'cost-based');
    await setSource(page, SNIPPET);
    await runWithKeyboard(page);
    const ii = Number(await text(page, 'ii'));
    assert(Number.isInteger(ii) && ii > 0, `II is ${ii}`);
    assert((await text(page, 'generator')) === 'cost-based', 'generator not cost-based');
    const opCount = Number(await text(page, 'op-count'));
    const rows = await page.locator('[data-testid="stage-table"] tbody tr[data-op]').count();
    assert(rows === opCount && rows >= 4, `${rows} table rows for ${opCount} ops`);
    const heat = page.locator('[data-testid="rrt-heatmap"]');
    assert(Number(await heat.getAttribute('data-ii')) === ii, 'heatmap II differs from the header II');
    const resources = await heat.locator('.hm-row').count();
    const cells = await heat.locator('.cell[data-slot][data-row]').count();
    assert(resources >= 2 && cells === resources * ii, `${cells} cells for ${resources} resources x II ${ii}`);
    assert(await heat.locator('.cell[data-slot="tma"] .chip').count() >= 3, 'tma occupants missing');
    assert(await page.locator('[data-testid="trace-entry"]').count() > 0, 'no trace entries');
    assert((await text(page, 'mii')).includes('MII'), 'no MII breakdown');
    // linked highlighting: hovering a table row marks its heatmap chips
    await page.locator('[data-testid="stage-table"] tbody tr[data-op]').first().hover();
    assert(await page.locator('[data-testid="rrt-heatmap"] .chip.linked').count() > 0, 'hover did not link the heatmap');
    assert(await page.locator('.cm-op-linked').count() === 1, 'hover did not highlight the source line');
  }],

  ['a broken snippet shows a located diagnostic', async (page) => {
    await openPlayground(page);
    await setSource(page, example('broken'));
    await runWithKeyboard(page);
    const diags = page.locator('[data-testid="diagnostic"]');
    assert(await diags.count() >= 1, 'no diagnostic');
    const first = await diags.first().innerText();
    const m = /^(\d+):(\d+)/.exec(first.trim());
    assert(m, `diagnostic without line:col: ${first}`);
    assert(await page.locator('.cm-lintRange-error').count() >= 1, 'no squiggle in the editor');
    await diags.first().locator('button').click();
    const activeLine = Number(await page.locator('.cm-activeLineGutter').first().innerText());
    assert(activeLine === Number(m[1]), `clicking the diagnostic moved to line ${activeLine}, not ${m[1]}`);
  }],

  ['the model follows the IR’s target; a picked model is not carried over to another input', async (page) => {
    await openPlayground(page);
    const load = async (id) => {
      const before = await runs(page);
      await page.selectOption('[data-testid="examples"]', id);
      await nextResult(page, before);
    };
    const shows = async (what, model, words) => {
      assert((await page.inputValue('[data-testid="opt-model"]')) === model, `${what}: model select ${await page.inputValue('[data-testid="opt-model"]')}, expected ${model}`);
      const said = await text(page, 'block-model');
      assert(said === `Model: ${words}`, `${what}: the page says "${said}", expected "Model: ${words}"`);
    };
    await load('triton-hopper-tma-wgmma-gemm');
    await shows('a cuda:90 example', 'ir', "Hopper (sm_90), from the IR's target cuda:90");
    // Picking a model overrides the IR, and the page says both.
    await page.selectOption('[data-testid="opt-model"]', 'blackwell');
    await runWithKeyboard(page);
    await shows('blackwell picked', 'blackwell', "Blackwell (sm_100), picked by hand (the IR targets cuda:90)");
    const warned = await page.locator('[data-testid="diagnostic"]').allInnerTexts();
    assert(warned.some((d) => d.includes('the IR targets cuda:90') && d.includes('Options → Model asks for')), `no mismatch warning: ${warned.join(' | ')}`);
    // The next example brings its own target: the pick does not stick.
    await load('triton-blackwell-tcgen05-gemm');
    await shows('a cuda:100 example after a pick', 'ir', "Blackwell (sm_100), from the IR's target cuda:100");
    // Nor does a pick survive pasting another kernel over the whole text: its tcgen05 ops are not
    // scheduled on a leftover Hopper model.
    await page.selectOption('[data-testid="opt-model"]', 'hopper');
    await runWithKeyboard(page);
    await shows('hopper picked', 'hopper', "Hopper (sm_90), picked by hand (the IR targets cuda:100)");
    assert((await page.locator('[data-testid="diagnostic"]').allInnerTexts()).some((d) => d.includes('is a Blackwell (sm_100) op; this loop targets Hopper (sm_90)')),
      'tcgen05 on Hopper is not named');
    await setSource(page, example('triton-blackwell-attention'));
    await runWithKeyboard(page);
    await shows('a pasted cuda:100 kernel', 'ir', "Blackwell (sm_100), from the IR's target cuda:100");
    const diags = await page.locator('[data-testid="diagnostic"]').allInnerTexts();
    assert(!diags.some((d) => /is a Blackwell|not supported/.test(d)), `tcgen05 ops reported on the pasted kernel: ${diags.join(' | ')}`);
    await page.screenshot({ path: join(ARTIFACTS, 'model-from-ir.png') });
  }],

  ['a share link restores the same state', async (page) => {
    await openPlayground(page, { runOnEdit: true });
    await setSource(page, SNIPPET);
    await page.selectOption('[data-testid="opt-generator"]', 'cost-based');
    await page.fill('[data-testid="opt-ii-cap"]', '64');
    await page.press('[data-testid="opt-ii-cap"]', 'Tab');
    await page.locator('.pane-toggle[data-pane="ir"]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="generator"]')?.textContent === 'cost-based');
    const before = await runs(page);
    await page.waitForTimeout(600);
    if ((await runs(page)) === before) await nextResult(page, before - 1);
    const link = await openShareLink(page);
    assert(/#v=2(&x=[\w.-]+)?&s=[A-Za-z0-9_-]+$/.test(link), `unexpected link ${link}`);
    await page.locator('[data-testid="copy-markdown"]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="share-note"]')?.textContent?.includes('Markdown copied'));
    const markdown = await page.evaluate(() => navigator.clipboard.readText());
    assert(markdown.includes(`(${link})`) && markdown.includes('```mlir\nfunc.func @e2e'), `unexpected Markdown:\n${markdown}`);
    const ii = await text(page, 'ii');
    const other = await context.newPage();
    await withPrefs(other, { runOnEdit: false });
    await other.goto(link);
    await nextResult(other, 0);
    assert((await text(other, 'ii')) === ii, 'II differs after restoring');
    assert((await other.inputValue('[data-testid="opt-generator"]')) === 'cost-based', 'generator not restored');
    assert((await other.inputValue('[data-testid="opt-ii-cap"]')) === '64', 'II cap not restored');
    assert((await other.locator('.pane-toggle[data-pane="ir"]').getAttribute('data-open')) === 'true', 'open panes not restored');
    const again = await openShareLink(other);
    assert(again === link, `the restored state encodes to a different link:\n${payloadOf(new URL(link).hash)}\n${payloadOf(new URL(again).hash)}`);
    await other.screenshot({ path: join(ARTIFACTS, 'share-link-restored.png') });
    await other.close();
    metrics.shareLink = link;
  }],

  ['a share link for the default 33-line example is at most 300 characters and reopens the same result', async (page) => {
    await openPlayground(page);
    const ii = await text(page, 'ii');
    const link = await openShareLink(page);
    metrics.shareLinkDefaultExample = link.length;
    assert(link.length <= 300, `the link is ${link.length} characters: ${link}`);
    const other = await page.context().newPage();
    await withPrefs(other, { runOnEdit: false });
    await other.goto(link);
    await nextResult(other, 0);
    assert((await text(other, 'ii')) === ii, 'another II after reopening the link');
    assert((await other.locator('.cm-content').first().locator('.cm-line').count()) === 33, 'the editor does not hold the 33-line example');
    await other.close();
  }],

  ['the embed page renders read-only with an open-in-playground link', async (page) => {
    const hash = new URL(metrics.shareLink).hash;
    const target = `${site.url}embed.html?readonly=1${hash}`;
    await page.goto(target);
    await page.locator('[data-testid="ii"]').waitFor({ timeout: 20000 });
    assert((await page.locator('.cm-content').getAttribute('contenteditable')) === 'false', 'embed editor is editable');
    const open = await page.locator('[data-testid="open-in-playground"]').getAttribute('href');
    assert(new URL(open).hash === hash && new URL(open).pathname.endsWith('/index.html'), `open link ${open}`);
    assert(await page.locator('.topbar').count() === 0, 'embed shows the playground chrome');
    await page.waitForTimeout(500);
    assert(page.url() === target, 'the embed page rewrote its URL');
  }],

  ['the custom element lazily renders an inline snippet', async (page) => {
    const inline = SNIPPET.split('\n').map((l) => `      ${l}`).join('\n');
    await page.route(`${site.url}element-test.html`, (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><script src="./tilesched-loader.js"></script>
<style>body{font-family:serif;color:red} .cm-content{display:none}</style></head><body>
<h1>Docs page</h1><div style="height:1600px">Scroll down</div>
<tilesched-playground generator="cost-based" panes="table,rrt" readonly>
${inline}
</tilesched-playground></body></html>`,
    }));
    await page.goto(`${site.url}element-test.html`);
    await page.waitForFunction(() => customElements.get('tilesched-playground') !== undefined);
    await page.waitForTimeout(300);
    assert(await page.locator('tilesched-playground [data-testid="embed"]').count() === 0, 'the element loaded before it was visible');
    await page.locator('tilesched-playground').scrollIntoViewIfNeeded();
    await page.locator('tilesched-playground [data-testid="ii"]').waitFor({ timeout: 20000 });
    assert((await page.locator('tilesched-playground [data-testid="generator"]').innerText()) === 'cost-based', 'generator attribute ignored');
    assert(await page.locator('tilesched-playground [data-testid="stage-table"] tbody tr[data-op]').count() >= 4, 'no stage table');
    assert(await page.locator('tilesched-playground .cm-content').isVisible(), 'page CSS leaked into the shadow root');
    await page.locator('tilesched-playground').evaluate((el) => el.scrollIntoView());
  }],

  ['a snippet with several loops offers a block selector', async (page) => {
    await openPlayground(page);
    const two = SNIPPET.replace('  return\n}', `  scf.for %j = %c0 to %n step %c1 {
    %u = nv_tileas.async.tiled_tma_load %d[%j] {sched.footprint = [["tma"]]} : !nv_tileas.AsyncToken
    scf.yield
  }
  return
}`);
    await setSource(page, two);
    await runWithKeyboard(page);
    const options = await page.locator('[data-testid="block-select"] option').count();
    assert(options === 2, `${options} blocks offered`);
    const rowsFirst = await page.locator('[data-testid="stage-table"] tbody tr[data-op]').count();
    await page.selectOption('[data-testid="block-select"]', '1');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="stage-table"] tbody tr[data-op]').length !== n, rowsFirst);
    assert(await page.locator('[data-testid="stage-table"] tbody tr[data-op]').count() === 1, 'the second block should have one op');
  }],

  ['comparing two generators marks the differences', async (page) => {
    await compareGenerators(page);
    assert(await page.locator('[data-testid="compare-table"]').count() === 1, 'no comparison table');
    const gens = await page.locator('[data-testid="compare"] [data-testid="generator"]').allInnerTexts();
    assert(gens.join() === 'cost-based,serial', `generators shown: ${gens}`);
    assert((await text(page, 'compare-summary')).length > 0, 'no comparison summary');
  }],

  ['a serial loop says why; the serial threshold option; Triton’s stages beside ours', async (page) => {
    await openPlayground(page, { runOnEdit: true });
    const before = await runs(page);
    await setSource(page, SNIPPET.replace('%a = nv_tileas.async.wait %t0 {', '%a = nv_tileas.async.wait %t0 {loop.stage = 1 : i32, '));
    await nextResult(page, before);
    const why = await text(page, 'serial-why');
    assert(why.includes('4 ops, under the serial threshold of 8') && why.includes('choose the cost-based generator in Options')
      && why.includes('serial threshold in Options to 4 or lower') && !/--|seed \d/.test(why), `serial reason: ${why}`);
    const head = await page.locator('[data-testid="stage-table"] thead').innerText();
    assert(head.includes('Triton'), `no Triton column: ${head}`);
    assert(await page.locator('[data-testid="stage-table"] tbody td.diff').count() === 1, 'Triton’s stage 1 is not marked');
    const n = await runs(page);
    await page.fill('[data-testid="opt-serial-threshold"]', '4');
    await page.locator('[data-testid="opt-serial-threshold"]').dispatchEvent('change');
    await nextResult(page, n);
    assert((await text(page, 'generator')) === 'cost-based', 'a threshold of 4 did not reach the cost-based generator');
    assert(await page.locator('[data-testid="serial-why"]').count() === 0, 'a cost-based block still says why serial');
  }],

  ['an edited target model is used for the run', async (page) => {
    await openPlayground(page);
    await page.selectOption('[data-testid="opt-generator"]', 'cost-based');
    await setSource(page, SNIPPET);
    await page.locator('[data-testid="edit-model"]').click();
    const dialog = page.locator('[data-testid="model-dialog"]');
    await dialog.waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="model-dialog"] .cm-content')?.textContent?.includes('"slots"'));
    // the built-in model with the tma slot renamed: the snippet's sched.footprint then names an
    // unknown slot, which the core reports
    const edited = readFileSync(join(REPO, 'core/target/models/blackwell.json'), 'utf8').replace('"name": "tma"', '"name": "tma_renamed"');
    assert(edited.includes('tma_renamed'), 'blackwell.json has no tma slot to rename');
    await pasteInto(page, dialog.locator('.cm-content'), edited);
    await page.locator('[data-testid="apply-model"]').click();
    assert((await page.inputValue('[data-testid="opt-model"]')) === 'custom', 'model select not switched to custom');
    await runWithKeyboard(page);
    const diags = await page.locator('[data-testid="diagnostic"]').allInnerTexts();
    assert(diags.some((d) => d.includes('tma')), `no diagnostic about the renamed slot: ${diags.join(' | ')}`);
  }],

  ['the trace step slider replays the RRT', async (page) => {
    await openPlayground(page);
    await page.selectOption('[data-testid="opt-generator"]', 'cost-based');
    await setSource(page, SNIPPET);
    await runWithKeyboard(page);
    const used = (sel) => page.locator(`[data-testid="${sel}"] .cell[data-used]`).evaluateAll((tds) =>
      tds.map((td) => `${td.dataset.slot}/${td.dataset.row}=${td.dataset.used}`).filter((s) => !s.endsWith('=0')).sort().join(' '));
    const slider = page.locator('[data-testid="trace-step"]');
    await slider.focus();
    await page.keyboard.press('End');
    assert((await used('rrt-replay')) === (await used('rrt-heatmap')), 'the replay at the last step differs from the final RRT');
    await page.keyboard.press('Home');
    assert((await text(page, 'trace-step-label')).startsWith('step 1 /'), 'Home did not go to the first step');
    const atStart = (await used('rrt-replay')).split(' ').filter(Boolean).length;
    const atEnd = (await used('rrt-heatmap')).split(' ').filter(Boolean).length;
    assert(atStart < atEnd, `replay at step 1 holds ${atStart} cells, final ${atEnd}`);
    await page.locator('[data-testid="trace-entry"]').nth(1).click();
    assert((await text(page, 'trace-step-label')).startsWith('step 2 /'), 'clicking an entry did not step to it');
  }],

  ['a runaway run is stopped by the time limit and the page stays usable', async (page) => {
    await openPlayground(page, { runOnEdit: false });
    const setLimit = async (seconds) => {
      await page.locator('.prefs summary').click();
      await page.fill('#pref-time-limit', seconds);
      await page.press('#pref-time-limit', 'Tab');
      await page.locator('.prefs summary').click();
    };
    await setLimit('0.2');
    await setSource(page, runawaySnippet());
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+Enter');
    await page.locator('[data-testid="engine-timeout"]').waitFor({ timeout: 20000 });
    await setLimit('10');
    await setSource(page, SNIPPET);
    await runWithKeyboard(page);
    assert(Number(await text(page, 'ii')) > 0, 'no result after the restart');
    const status = await text(page, 'run-status');
    assert(status.includes('worker restarted 1×'), `restart not reported: ${status}`);
  }],

  ['every gallery example runs', async (page) => {
    await openPlayground(page);
    const ids = await page.locator('[data-testid="examples"] option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
    const files = readdirSync(join(REPO, 'examples')).filter((f) => f.endsWith('.mlir'));
    assert(ids.length === files.length && ids.length > 0, `${ids.length} examples offered, ${files.length} files`);
    metrics.examples = {};
    for (const id of ids) {
      const before = await runs(page);
      await page.selectOption('[data-testid="examples"]', id);
      await nextResult(page, before);
      const engineErrors = await page.locator('.engine-error').allInnerTexts();
      assert(engineErrors.length === 0, `${id}: ${engineErrors.join(' ')}`);
      const blocks = await page.locator('[data-testid="result-header"]').count();
      const diagnostics = await page.locator('[data-testid="diagnostic"]').count();
      assert(blocks > 0 || diagnostics > 0, `${id}: neither a result nor a diagnostic`);
      metrics.examples[id] = blocks ? `${await text(page, 'status')}, II ${await text(page, 'ii')}` : `${diagnostics} diagnostics`;
      await page.screenshot({ path: join(ARTIFACTS, `example-${id}.png`) });
    }
  }],

  ['dark theme, stacked layout and keyboard reach at 1280x800', async (page) => {
    await openPlayground(page);
    await page.locator('.prefs summary').click();
    await page.selectOption('[data-testid="pref-theme"]', 'dark');
    assert((await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark', 'dark theme not applied');
    await page.locator('.prefs summary').click();
    await page.screenshot({ path: join(ARTIFACTS, 'dark-theme.png') });
    await page.locator('.prefs summary').click();
    await page.selectOption('[data-testid="pref-layout"]', 'stacked');
    assert(await page.locator('main.layout-stacked').count() === 1, 'stacked layout not applied');
    await page.locator('.prefs summary').click();
    await page.screenshot({ path: join(ARTIFACTS, 'stacked-layout.png') });
    await page.reload();
    await nextResult(page, 0);
    assert(await page.locator('main.layout-stacked').count() === 1, 'layout preference not kept');
    assert(!page.url().includes('dark') && !(await page.evaluate(() => location.hash)).includes('theme'), 'preferences leaked into the URL');
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    let reached = false;
    for (let i = 0; i < 80 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.classList.contains('pane-toggle') ?? false);
    }
    assert(reached, 'the pane toggles cannot be reached with Tab');
    await page.keyboard.press('Enter');
  }],
];
