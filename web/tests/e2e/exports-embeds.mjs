// Exports, embeds a docs author pastes, and bugs a daily user hit: the Perfetto trace and the
// Triton IR from the Export menu (checked against the document and, read back, the command
// line), the Share → Embed snippets opened in a fresh page (axe: 0 serious), an inline snippet
// that HTML swallowed, ↓ on the Examples list, the editor's focus ring, the favicon, and switching
// examples quickly. Screenshots of the new views at 1440x900 and 390x844.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { deflateSync, strToU8 } from 'fflate';
import { join } from 'node:path';
import { ARTIFACTS, REPO, assert } from './harness.mjs';
import { SNIPPET, bigLoop, compareGenerators, example, nextResult, openPlayground, panesDrawn, runawaySnippet, runs, setSource, site, text } from './actions.mjs';
import { axeViolations, fragment } from './real-use.mjs';
import { codeWordsOnScreen } from './code-words.mjs';

const SIZES = [[1440, 900], [390, 844]];

// The view at desktop and phone sizes; `what` (a locator) is scrolled into view at each size.
async function shoot(page, name, what = null) {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150);
    if (what) await what.first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function loadExample(page, id) {
  const before = await runs(page);
  await page.selectOption('[data-testid="examples"]', id);
  await nextResult(page, before);
}

// Presses an export button and returns the downloaded file's text.
async function exported(page, testid) {
  if (!(await page.locator('.export').evaluate((d) => d.open))) await page.locator('[data-testid="export"]').click();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20000 }), page.locator(`[data-testid="${testid}"]`).click()]);
  return readFileSync(await download.path(), 'utf8');
}

// The command line the goldens use: the native tool when built, else the npm bin (the same core).
function cli(input, args) {
  const native = join(REPO, 'build/bin/tilesched');
  const [cmd, pre] = existsSync(native) ? [native, []] : [process.execPath, [join(REPO, 'wasm/cli.mjs')]];
  return execFileSync(cmd, [...pre, '-', ...args], { input, encoding: 'utf8' });
}

export const exportsEmbedsCases = () => [
  ['exports: the Perfetto trace is a traceEvents document whose slices name the loop\'s ops', async (page) => {
    await openPlayground(page);
    await loadExample(page, 'triton-hopper-tma-wgmma-gemm');
    const trace = JSON.parse(await exported(page, 'export-perfetto'));
    assert(Array.isArray(trace.traceEvents), 'no traceEvents array');
    const slices = trace.traceEvents.filter((e) => e.ph === 'X');
    assert(slices.every((e) => Number.isInteger(e.ts) && e.dur > 0 && e.pid && e.tid), 'an X event without ts/dur/pid/tid');
    const threads = new Set(trace.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => `${e.pid}/${e.tid}`));
    assert(slices.every((e) => threads.has(`${e.pid}/${e.tid}`)), 'a slice on a thread with no name');
    const names = new Set(trace.traceEvents.filter((e) => e.name === 'thread_name').map((e) => e.args.name));
    assert([...names].some((n) => n.startsWith('stage 0')) && [...names].some((n) => n.startsWith('resource tma')), `tracks: ${[...names].join(', ')}`);
    // Every op of the loop (its name and source line, as the command line's document gives them) is a slice.
    const doc = JSON.parse(cli(example('triton-hopper-tma-wgmma-gemm'), ['--emit=json']));
    const ops = doc.blocks[0].ops;
    assert(ops.length === 15, `${ops.length} ops in the document`);
    for (const op of ops) {
      assert(slices.some((e) => e.args.line === op.line && e.name.startsWith(op.name) && e.args.op === op.name && e.args.stage === op.stage),
        `no slice for ${op.name} on line ${op.line}`);
    }
    const iterations = new Set(slices.map((e) => e.args.iteration));
    assert(iterations.size === doc.blocks[0].stage_count + 2, `${iterations.size} iterations shown`);
    await shoot(page, 'export-menu');
  }],

  ['exports: the Triton IR carries loop.stage on every scheduled op and reads back with the same stages', async (page) => {
    await openPlayground(page);
    await loadExample(page, 'triton-hopper-tma-wgmma-gemm');
    const ir = await exported(page, 'export-triton');
    // The table's stage per source line.
    const rows = await page.evaluate(() => [...document.querySelectorAll('[data-testid="stage-table"] tbody tr[data-op]')]
      .map((r) => ({ text: r.innerText })));
    assert(rows.length === 15, `${rows.length} table rows`);
    const opLines = ir.split('\n').filter((l) => /^\s+(%[\w#:, ]+ = )?(arith|ttg|ttng|tt)\.\w+/.test(l) && !/scf\.yield/.test(l) && /%k|%slot|%phase|%bar_k|%a_buf|%b_buf|%d\b|%next|%wrap|%flip/.test(l));
    const stamped = ir.split('\n').filter((l) => /loop\.stage = \d+ : i32/.test(l));
    assert(stamped.length === 15, `${stamped.length} ops carry loop.stage, expected 15:\n${ir}`);
    assert(stamped.every((l) => /loop\.cluster = \d+ : i32/.test(l)), 'an op without loop.cluster');
    assert(/tt\.scheduled_max_stage = 1 : i32/.test(ir), 'no tt.scheduled_max_stage on the loop');
    assert(opLines.length >= 15, 'ops not found');
    // Read back: Triton's stage column equals tilesched's on every op (no `*`).
    const table = cli(ir, []);
    const body = table.split('\n').filter((l) => /^\s+\d+\s+\d+\*?\s+\d+\s+\d+\s+\d+\s/.test(l));
    assert(/Triton: loop\.stage on 15 of 15 ops, 2 stages/.test(table), `read back:\n${table}`);
    assert(body.length === 15 && body.every((l) => { const [s, t] = l.trim().split(/\s+/); return s === t; }), `stages differ on reading back:\n${table}`);
    await page.locator('[data-testid="copy-triton"]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="export-note"]')?.textContent === 'Copied.');
    assert((await page.evaluate(() => navigator.clipboard.readText())) === ir, 'the copied Triton IR differs from the download');
  }],

  ['embed: Share → Embed snippets (element with a script child, iframe) render in a fresh page, axe 0 serious', async (page) => {
    await openPlayground(page);
    await loadExample(page, 'triton-hopper-tma-wgmma-gemm');
    await page.locator('[data-testid="share"]').click();
    await page.locator('[data-testid="embed-pane-graph"]').check();
    await page.fill('[data-testid="embed-title"]', 'Hopper GEMM main loop');
    await page.fill('[data-testid="embed-base"]', './');
    await page.selectOption('[data-testid="embed-theme"]', 'light');
    const loader = await page.inputValue('[data-testid="embed-loader"]');
    const element = await page.inputValue('[data-testid="embed-element"]');
    const iframe = await page.inputValue('[data-testid="embed-iframe"]');
    assert(loader === '<script type="module" src="./tilesched-playground.js"></script>', `loader: ${loader}`);
    assert(/^<tilesched-playground /.test(element) && !element.includes('tilesched-playground.js'), `the element snippet carries the loader:\n${element}`);
    assert(element.includes('<script type="text/mlir">') && element.includes('!tt.tensordesc<128x64xf16, #nvmma>'), `element snippet:\n${element}`);
    assert(/panes="table,rrt,graph"/.test(element) && /title="Hopper GEMM main loop"/.test(element), `element attributes:\n${element}`);
    assert(/^<iframe src="\.\/embed\.html\?readonly=1&amp;panes=table%2Crrt%2Cgraph&amp;theme=light&amp;title=/.test(iframe) && iframe.includes('title="Hopper GEMM main loop"'), `iframe snippet:\n${iframe}`);
    await page.locator('[data-testid="copy-embed-element"]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="embed-note"]')?.textContent?.includes('copied'));
    assert((await page.evaluate(() => navigator.clipboard.readText())) === element, 'the copied element snippet differs');
    await shoot(page, 'share-embed');
    const host = await page.context().newPage();
    await host.route(`${site.url}docs-embed.html`, (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title></head><body><main><h1>Pipelining notes</h1>
<h2>As an element</h2>
${loader}
${element}
<h2>As an iframe</h2>
${iframe}
</main></body></html>`,
    }));
    await host.goto(`${site.url}docs-embed.html`);
    const el = host.locator('tilesched-playground');
    await el.locator('[data-testid="ii"]').waitFor({ timeout: 30000 });
    assert((await el.locator('[data-testid="ii"]').innerText()) === (await text(page, 'ii')), 'the element shows another II than the playground');
    assert(await el.locator('[data-testid="embed-warning"]').count() === 0, 'a warning on a script-child snippet');
    await el.locator('.pane-toggle[data-pane="graph"]').click();
    await el.locator('[data-testid="dep-graph"], .dep-graph').first().waitFor({ timeout: 20000 });
    await host.locator('iframe').scrollIntoViewIfNeeded();
    const frame = host.frameLocator('iframe');
    await frame.locator('[data-testid="ii"]').waitFor({ timeout: 30000 });
    assert(await frame.locator('.pane-toggle[data-pane="graph"]').count() === 1, 'the iframe offers no dependence graph');
    await panesDrawn(host);
    const serious = await axeViolations(host);
    assert(serious.length === 0, `axe violations:\n        ${serious.join('\n        ')}`);
    await shoot(host, 'embed-host-page', host.locator('h2'));
    await host.close();
  }],

  ['embed: a source holding <!--<script and <\\/script keeps the page after the element and reads back exactly', async (page) => {
    // Unescaped, `<!--<script` (an MLIR comment is enough) puts the tokenizer in its
    // double-escaped state: the snippet's </script> no longer closes it and the page after it
    // becomes snippet text.
    const source = `${SNIPPET}// <!--<script> in a comment\n// a literal <\\/script> and <\\!-- too\n`;
    await openPlayground(page);
    await setSource(page, source);
    await page.locator('[data-testid="share"]').click();
    // The menu writes its snippets on its toggle event, after the click returns.
    await page.waitForFunction(() => document.querySelector('[data-testid="embed-element"]')?.value.includes('<script type="text/mlir">'));
    const element = await page.inputValue('[data-testid="embed-element"]');
    const inner = element.slice(element.indexOf('<script type="text/mlir">') + 25, element.lastIndexOf('</script>'));
    assert(!/<!--|<\/script/i.test(inner), `the script child holds <!-- or </script:\n${element}`);
    const host = await page.context().newPage();
    await host.route(`${site.url}docs-comment.html`, (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title><script type="module" src="./tilesched-playground.js"></script></head><body><main><h1>Docs</h1>
${element}
<p id="after">The text after the element.</p>
</main></body></html>`,
    }));
    await host.goto(`${site.url}docs-comment.html`);
    assert(await host.locator('main > p#after').count() === 1, 'the text after the element disappeared into the snippet');
    const el = host.locator('tilesched-playground');
    // An element schedules once it is in view.
    await el.scrollIntoViewIfNeeded();
    await el.locator('[data-testid="ii"]').waitFor({ timeout: 30000 });
    // The browser kept the script child whole, and the element's editor holds the source.
    const child = await host.locator('tilesched-playground > script[type="text/mlir"]').evaluate((n) => n.textContent);
    assert(child.includes('<\\!--<script>') && child.includes('<\\\\/script>'), `the script child as parsed:\n${child}`);
    // A viewport taller than the element, so its editor draws every line.
    await host.setViewportSize({ width: 1280, height: 4000 });
    await el.locator('.cm-line').nth(source.split('\n').length - 2).waitFor({ timeout: 10000 });
    const lines = await el.locator('.cm-line').evaluateAll((ls) => ls.map((l) => l.textContent));
    // The editor's last line is the empty one after the source's final line end.
    const want = source.split('\n');
    const at = want.findIndex((l, i) => lines[i] !== l);
    assert(at < 0 && lines.length === want.length, `the element reads back line ${at + 1} as ${JSON.stringify(lines[at])}, not ${JSON.stringify(want[at])} (${lines.length} lines)`);
    await host.close();
  }],

  ['embed: one loader serves any number of elements; two snippets pasted each with its loader both render', async (page) => {
    await openPlayground(page);
    const snippets = [];
    for (const id of ['hopper-tma-wgmma-gemm', 'triton-hopper-tma-wgmma-gemm']) {
      await loadExample(page, id);
      await page.locator('[data-testid="share"]').click();
      await page.fill('[data-testid="embed-base"]', './');
      snippets.push({ loader: await page.inputValue('[data-testid="embed-loader"]'), element: await page.inputValue('[data-testid="embed-element"]'), ii: await text(page, 'ii') });
      await page.locator('[data-testid="share"]').click();
    }
    const [a, b] = snippets;
    assert(!a.element.includes('<script type="module"'), `the element snippet carries a loader:\n${a.element}`);
    const host = await page.context().newPage();
    const errors = [];
    host.on('pageerror', (e) => errors.push(e.message));
    host.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const pageOf = (body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title></head><body><main><h1>Docs</h1>\n${body}\n</main></body></html>`;
    const rendered = async (name, body, want) => {
      await host.route(`${site.url}${name}`, (route) => route.fulfill({ contentType: 'text/html', body: pageOf(body) }));
      await host.goto(`${site.url}${name}`);
      const els = host.locator('tilesched-playground');
      assert(await els.count() === want.length, `${name}: ${await els.count()} elements`);
      for (let k = 0; k < want.length; k++) {
        await els.nth(k).scrollIntoViewIfNeeded();
        await els.nth(k).locator('[data-testid="ii"]').waitFor({ timeout: 30000 });
        assert((await els.nth(k).locator('[data-testid="ii"]').innerText()) === want[k], `${name}: element ${k + 1} shows another II`);
      }
    };
    // Each snippet pasted with its loader, as is; the third loader is another URL of the same
    // script (a cache-busting query), so it runs a second time and must define nothing twice.
    const second = b.loader.replace('.js"', '.js?v=2"');
    await rendered('docs-two-loaders.html', `${a.loader}\n${a.element}\n<p>Prose.</p>\n${b.loader}\n${b.element}\n${second}\n${a.element}`, [a.ii, b.ii, a.ii]);
    // One loader, three elements.
    await rendered('docs-one-loader.html', `${a.loader}\n${a.element}\n<p>Prose.</p>\n${b.element}\n<p>More prose.</p>\n${a.element}`, [a.ii, b.ii, a.ii]);
    assert(errors.length === 0, `errors on the page: ${errors.join('; ')}`);
    await host.close();
  }],

  ['embed: no sentence points to a control the embed lacks (iframe and element, read-only and editable, every tab)', async (page) => {
    // Sources whose results the playground words with its controls: a search budget that runs out
    // (wb=40), a model picked by hand against the IR's target, the automatic generator's serial choice.
    const link = (src, extra) => `v=1&s=${Buffer.from(deflateSync(strToU8(JSON.stringify({ src, p: ['why', 'table'], ...extra })))).toString('base64url')}`;
    const cases = [
      ['budget', link(bigLoop(120), { gen: 'cost-based', model: 'blackwell', wb: 40 })],
      ['model by hand', link(example('triton-blackwell-attention'), { model: 'hopper' })],
      ['serial choice', link(SNIPPET, {})],
    ];
    const found = [];
    const walkTabs = async (what, root) => {
      await root.locator('[data-testid="ii"], [data-testid="status"]').first().waitFor({ timeout: 60000 });
      for (const tab of await root.locator('.pane-toggle').all()) {
        await tab.click();
        await panesDrawn(page);
        for (const f of await codeWordsOnScreen(page, { embed: true })) found.push(`${what}, ${await tab.innerText()}: ${f}`);
      }
    };
    for (const [name, state] of cases) {
      for (const readonly of [true, false]) {
        const ro = readonly ? 'read-only' : 'editable';
        await page.goto(`${site.url}embed.html?${readonly ? 'readonly=1&' : ''}panes=why,table,rrt,memory,trace,timeline,graph,ir#${state}`);
        await walkTabs(`iframe (${ro}) ${name}`, page);
        if (readonly) {
          await page.locator('.pane-toggle').first().click();
          await page.screenshot({ path: join(ARTIFACTS, `embed-words-${name.replace(/ /g, '-')}.png`) });
        }
        await page.route(`${site.url}docs-lacks.html`, (route) => route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title><script type="module" src="./tilesched-playground.js"></script></head>
<body><main><h1>Docs</h1><tilesched-playground title="${name}" state="${state}" panes="why,table,rrt,memory,trace,timeline,graph,ir"${readonly ? ' readonly' : ''}></tilesched-playground></main></body></html>`,
        }));
        await page.goto(`${site.url}docs-lacks.html`);
        await walkTabs(`element (${ro}) ${name}`, page.locator('tilesched-playground'));
        await page.unroute(`${site.url}docs-lacks.html`);
      }
    }
    writeFileSync(join(ARTIFACTS, 'embed-lacks.txt'), found.join('\n'));
    assert(found.length === 0, `text pointing to controls the embed lacks:\n        ${[...new Set(found)].slice(0, 30).join('\n        ')}`);
  }],

  ['embed: an inline snippet whose <f16> HTML swallowed shows a visible warning', async (page) => {
    await page.route(`${site.url}docs-swallowed.html`, (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title><script type="module" src="./tilesched-playground.js"></script></head>
<body><main><h1>Docs</h1><tilesched-playground title="swallowed">
func.func @f(%p: tensor<64x!tt.ptr<f16>>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = tt.load %p : tensor<64x!tt.ptr<f16>>
    scf.yield
  }
  return
}
</tilesched-playground></main></body></html>`,
    }));
    await page.goto(`${site.url}docs-swallowed.html`);
    const warning = page.locator('tilesched-playground [data-testid="embed-warning"]');
    await warning.waitFor({ timeout: 20000 });
    assert((await warning.innerText()).includes('<f16>') && await warning.isVisible(), `warning: ${await warning.innerText()}`);
    await shoot(page, 'embed-swallowed-warning');
  }],

  ['embed: an element with src= loads the page\'s own file, lines= shows that range; a missing or foreign file is said', async (page) => {
    const kernel = example('triton-blackwell-attention');
    await page.route(`${site.url}kernels/attention.mlir`, (route) => route.fulfill({ contentType: 'text/plain', body: kernel }));
    await page.route(`${site.url}docs-src.html`, (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title><script type="module" src="./tilesched-playground.js"></script></head>
<body><main><h1>Docs</h1>
<tilesched-playground id="ok" title="attention" src="kernels/attention.mlir" lines="32-40" panes="table" readonly></tilesched-playground>
<tilesched-playground id="missing" title="missing" src="kernels/none.mlir"></tilesched-playground>
<tilesched-playground id="foreign" title="foreign" src="https://example.org/kernel.mlir"></tilesched-playground>
</main></body></html>`,
    }));
    await page.goto(`${site.url}docs-src.html`);
    const ok = page.locator('#ok');
    await ok.locator('[data-testid="ii"]').waitFor({ timeout: 30000 });
    assert(Number(await ok.locator('[data-testid="op-count"]').innerText()) > 10, 'the element did not schedule the loaded kernel');
    // The editor shows lines 32 to 40: the loop's first line at the top, line 41 out of view.
    const scroller = await ok.locator('.cm-scroller').boundingBox();
    const line = async (n) => ok.locator('.cm-gutterElement', { hasText: new RegExp(`^${n}$`) }).first().boundingBox();
    const [first, after] = [await line(32), await line(41)];
    assert(first && Math.abs(first.y - scroller.y) < 8, `line 32 is not at the top of the editor: y ${first?.y} against ${scroller.y}`);
    assert(!after || after.y >= scroller.y + scroller.height - 2, `line 41 is in view: y ${after?.y}, the editor ends at ${scroller.y + scroller.height}`);
    await shoot(page, 'embed-src-lines');
    for (const [id, words] of [['missing', /could not be loaded: the server answered 404/], ['foreign', /on another site/]]) {
      const warning = page.locator(`#${id} [data-testid="embed-warning"]`);
      await warning.scrollIntoViewIfNeeded();
      await warning.waitFor({ timeout: 20000 });
      assert(words.test(await warning.innerText()), `${id}: ${await warning.innerText()}`);
    }
  }],

  ['embed: an iframe 640 px high shows the first loop line of a Triton kernel', async (page) => {
    await page.route(`${site.url}docs-iframe.html`, (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title></head><body><h1>Docs</h1>
<iframe title="attention" src="embed.html?readonly=1#${fragment(example('triton-blackwell-attention'))}" width="100%" height="640"></iframe></body></html>`,
    }));
    await page.goto(`${site.url}docs-iframe.html`);
    const frame = page.frameLocator('iframe');
    await frame.locator('[data-testid="ii"]').waitFor({ timeout: 30000 });
    const loop = frame.locator('.cm-line', { hasText: 'scf.for %start' }).first();
    const [box, scroller, iframe] = [await loop.boundingBox(), await frame.locator('.cm-scroller').boundingBox(), await page.locator('iframe').boundingBox()];
    assert(box && box.y >= scroller.y - 1 && box.y + box.height <= scroller.y + scroller.height + 1 && box.y + box.height <= iframe.y + iframe.height,
      `the loop line is out of view: y ${box?.y}, editor ${scroller.y}..${scroller.y + scroller.height}, iframe to ${iframe.y + iframe.height}`);
    // The frame's own page never scrolls: the results scroll inside it, below the editor, as in the element.
    const inner = await frame.locator('body').evaluate(() => ({
      page: document.documentElement.scrollHeight, view: innerHeight,
      results: (() => { const r = document.querySelector('.ts-embed > .results'); return r ? { scroll: r.scrollHeight, client: r.clientHeight } : null; })(),
    }));
    assert(inner.page <= inner.view + 1, `the iframe's page is ${inner.page} px tall in a ${inner.view} px frame: it scrolls as a whole`);
    assert(inner.results && inner.results.scroll > inner.results.client, `the results do not scroll inside the frame: ${JSON.stringify(inner.results)}`);
    await shoot(page, 'embed-iframe-640-loop');
  }],

  ['bug: ↓ on the closed Examples list moves to the next example', async (page) => {
    await openPlayground(page);
    const ids = await page.locator('[data-testid="examples"] option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
    await loadExample(page, ids[2]);
    const before = await runs(page);
    await page.locator('[data-testid="examples"]').focus();
    await page.keyboard.press('ArrowDown');
    await nextResult(page, before);
    const shown = await page.evaluate(() => document.querySelector('.cm-content').textContent);
    const want = example(ids[3]).split('\n').find((l) => l.includes('func.func') || l.includes('tt.func') || l.includes('entry')) ?? '';
    assert(shown.replace(/\s+/g, '').includes(want.replace(/\s+/g, '')), `↓ after ${ids[2]} did not load ${ids[3]}`);
    assert((await page.inputValue('[data-testid="examples"]')) === ids[3], `the list shows ${await page.inputValue('[data-testid="examples"]')}`);
  }],

  ['bug: the editor shows a visible focus ring (3:1 against the page, light and dark)', async (page) => {
    for (const theme of ['light', 'dark']) {
      await openPlayground(page, { runOnEdit: false, theme });
      await page.locator('[data-testid="run"]').focus();
      // Keyboard focus reaches the editor (Shift+Tab from the controls after it would too).
      await page.locator('.cm-content').focus();
      // CodeMirror marks its focus a frame later; the theme is applied from the stored preferences.
      await page.waitForFunction((t) => document.querySelector('.editor-host .cm-editor.cm-focused') && document.documentElement.dataset.theme === t, theme);
      const ring = await page.locator('.editor-host .cm-editor').evaluate((el) => {
        const cs = getComputedStyle(el);
        const bg = getComputedStyle(document.body).backgroundColor;
        return { style: cs.outlineStyle, width: parseFloat(cs.outlineWidth), color: cs.outlineColor, bg };
      });
      const lum = (c) => {
        const [r, g, b] = c.match(/[\d.]+/g).slice(0, 3).map((v) => Number(v) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const [a, b] = [lum(ring.color), lum(ring.bg)].sort((x, y) => y - x);
      const contrast = (a + 0.05) / (b + 0.05);
      assert(ring.style !== 'none' && ring.width >= 2 && contrast >= 3, `${theme}: focus ring ${JSON.stringify(ring)}, contrast ${contrast.toFixed(2)}`);
      await page.screenshot({ path: join(ARTIFACTS, `editor-focus-${theme}.png`) });
    }
  }],

  ['bug: no favicon.ico 404 (nor any other) on load', async (page) => {
    const missing = [];
    page.on('response', (r) => { if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`); });
    await openPlayground(page);
    await page.waitForTimeout(500);
    assert(missing.length === 0, `failed requests: ${missing.join(', ')}`);
    // Without an icon link the browser asks for /favicon.ico (a 404 on every load; headless
    // Chromium skips that request, so the link and what it serves are checked).
    assert(await page.locator('link[rel="icon"]').count() === 1, 'no icon link');
    const icon = await page.evaluate(async () => {
      const r = await fetch(document.querySelector('link[rel="icon"]').href);
      return `${r.status} ${r.headers.get('content-type')}`;
    });
    assert(/^200 image\//.test(icon), `the icon answers ${icon}`);
  }],

  ['bug: switching examples quickly reports no worker restart', async (page) => {
    await openPlayground(page);
    await setSource(page, runawaySnippet());
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+Enter');
    await page.waitForTimeout(700);
    // The long run is still under way (past the 300 ms after which a newer request replaces its
    // worker): picking an example now supersedes it.
    assert((await text(page, 'run-status')).includes('s (stops at'), `the long run is not running: ${await text(page, 'run-status')}`);
    await loadExample(page, 'hopper-tma-wgmma-gemm');
    const status = await text(page, 'run-status');
    assert(!status.includes('restarted'), `status after switching examples: ${status}`);
  }],

  ['big loops: table filter, sort and hidden address arithmetic; heatmap fit to width; timeline legend', async (page) => {
    await openPlayground(page);
    await loadExample(page, 'triton-hopper-tma-wgmma-gemm');
    await panesDrawn(page);
    const rows = page.locator('[data-testid="stage-table"] tbody tr[data-op]');
    assert(await rows.count() === 15 && (await text(page, 'table-count')) === '15 ops', 'the table does not start with every op');
    await page.locator('[data-testid="hide-address"]').check();
    await page.waitForFunction(() => document.querySelector('[data-testid="table-count"]')?.textContent === '6 of 15 ops');
    const kept = await rows.evaluateAll((rs) => rs.map((r) => r.querySelector('.op-name').textContent));
    assert(kept.every((n) => !/arith\.|memdesc_index/.test(n)) && kept.some((n) => n.includes('warp_group_dot')), `kept: ${kept.join(', ')}`);
    await page.locator('[data-testid="hide-address"]').uncheck();
    await page.fill('[data-testid="table-filter"]', 'tma');
    await page.waitForFunction(() => document.querySelector('[data-testid="table-count"]')?.textContent === '2 of 15 ops');
    await page.fill('[data-testid="table-filter"]', '');
    await page.waitForFunction(() => document.querySelector('[data-testid="table-count"]')?.textContent === '15 ops');
    await page.selectOption('[data-testid="table-sort"]', 'cycle');
    const cycles = await rows.evaluateAll((rs) => rs.map((r) => Number(r.children[4].textContent)));
    assert(cycles.every((c, i) => i === 0 || cycles[i - 1] <= c), `not sorted by cycle: ${cycles}`);
    await page.selectOption('[data-testid="table-sort"]', 'resource');
    const first = await rows.first().locator('.op-name').innerText();
    assert(/warp_group_dot|muli|addi|xori|cmpi|select|tma/.test(first), `sort by resource starts with ${first}`);
    await shoot(page, 'table-filter-sort', page.locator('[data-testid="table-filter"]'));
    // The heatmap: 16 modulo rows do not fit at 56 px; fit to width shows them all.
    const grid = page.locator('[data-testid="rrt-heatmap"]');
    const fits = () => grid.evaluate((g) => g.scrollWidth <= g.parentElement.clientWidth + 1);
    assert(!(await fits()), 'the heatmap already fits: the case needs a wider table');
    await page.locator('[data-testid="heatmap-fit"]').check();
    await page.waitForFunction(() => document.querySelector('[data-testid="rrt-heatmap"]')?.dataset.fit === 'true');
    assert(await fits(), 'fit to width left columns out of view');
    assert(await grid.locator('.hm-col').count() === Number(await grid.getAttribute('data-ii')), 'not every column drawn');
    await shoot(page, 'heatmap-fit', grid);
    const legend = page.locator('[data-testid="timeline-legend"]');
    const words = await legend.innerText();
    assert(words.includes('stage 0') && words.includes('stage 1') && words.includes('prologue'), `legend: ${words}`);
    await shoot(page, 'timeline-legend', legend);
  }],

  ['compare: one table of the ops side by side, only what differs', async (page) => {
    await compareGenerators(page);
    const table = page.locator('[data-testid="compare-table"]');
    await table.waitFor();
    const summary = await text(page, 'compare-summary');
    const n = Number(/^(\d+) ops? placed differently/.exec(summary)?.[1]);
    const rows = table.locator('tbody tr[data-op]');
    assert(n > 0 && await rows.count() === n && await table.locator('tbody tr.row-diff').count() === n, `${await rows.count()} rows for "${summary}"`);
    assert(await table.locator('td.diff').first().innerText().then((t) => /\d+ → \d+/.test(t)), 'a difference is not written a → b');
    await page.locator('[data-testid="compare-all"]').check();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="compare-table"] tbody tr[data-op]').length === 4);
    await page.locator('[data-testid="compare-all"]').uncheck();
    await shoot(page, 'compare-table', page.locator('[data-testid="compare-summary"]'));
  }],

  ['compare: a pinned source and its edit read old → new, an unplaced op in words, never -1', async (page) => {
    await openPlayground(page, { runOnEdit: true });
    await setSource(page, SNIPPET);
    await page.selectOption('[data-testid="opt-generator"]', 'cost-based');
    await page.waitForFunction(() => document.querySelector('[data-testid="generator"]')?.textContent === 'cost-based');
    await page.selectOption('[data-testid="opt-compare"]', 'source');
    await page.locator('[data-testid="compare-table"]').waitFor({ timeout: 20000 });
    const cellsOf = (op) => page.locator(`[data-testid="compare-table"] tbody tr:has(.ssa:text-is("${op} ")) td.num`).allInnerTexts();
    // The first load's latency 3 -> 9: its wait %a starts 6 cycles later in the edit.
    let before = await runs(page);
    await setSource(page, SNIPPET.replace('sched.footprint = [["tma"], ["tma"]], sched.latency = 3', 'sched.footprint = [["tma"], ["tma"]], sched.latency = 9'));
    await nextResult(page, before);
    const caption = await page.locator('[data-testid="compare-table"] caption').innerText();
    assert(caption === 'the pinned source → the source as edited', `caption: ${caption}`);
    const cycle = (await cellsOf('%a'))[3];
    const [from, to] = cycle.split(' → ').map(Number);
    assert(to === from + 6, `%a's cycle reads "${cycle}", not old → new`);
    await shoot(page, 'compare-old-new', page.locator('[data-testid="compare-table"]'));
    // An edit no II can schedule: its ops are "not placed", not -1.
    before = await runs(page);
    await setSource(page, SNIPPET.replace('scf.yield\n  }', 'scf.yield\n  } {sched.ii_cap = 1 : i32}'));
    await nextResult(page, before);
    const texts = await page.locator('[data-testid="compare-table"] td').allInnerTexts();
    assert(texts.some((t) => t.endsWith('→ not placed')) && !texts.some((t) => /-1\b/.test(t)), `cells: ${texts.join(' | ')}`);
  }],
];
