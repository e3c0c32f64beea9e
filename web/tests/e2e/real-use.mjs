// The playground under real use (issue 14): a docs page with many examples, phones, big loops,
// cancel and progress, keyboard and screen readers, page wording, untrusted links, transfer.
// Each case names the problem it covers; the figures go to the e2e summary.
import { join } from 'node:path';
import { deflateSync, strToU8 } from 'fflate';
import { ARTIFACTS, assert } from './harness.mjs';
import {
  SNIPPET, nextResult, openPlayground, runWithKeyboard, runawaySnippet, setSource, site, text,
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
