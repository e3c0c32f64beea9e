// The page from a phone to a desktop on a real kernel: no sideways scroll, no table column
// running into the next, every menu and dialog inside the window. Screenshots at each width go to
// tests/artifacts/web/layout-<width>-*.png.
import { join } from 'node:path';
import { ARTIFACTS, assert } from './harness.mjs';
import { nextResult, openPlayground, runWithKeyboard, runs } from './actions.mjs';

const WIDTHS = [[360, 780], [390, 844], [1440, 900]];
const EXAMPLE = 'triton-blackwell-attention';

// Opens the gallery example with every result pane shown.
export async function layoutProbe(page) {
  await openPlayground(page);
  const before = await runs(page);
  await page.selectOption('[data-testid="examples"]', EXAMPLE);
  await nextResult(page, before, 60000);
  const closed = page.locator('.pane-toggle[aria-pressed="false"]');
  while (await closed.count()) await closed.first().click();
  await page.locator('[data-testid="trace-entry"]').first().waitFor();
}

// Elements that reach past the window's right edge in a page that scrolls sideways.
const sideways = (page) => page.evaluate(() => {
  if (document.documentElement.scrollWidth <= innerWidth) return [];
  const shown = (e) => !e.closest('details:not([open]) > :not(summary)');
  return [...document.querySelectorAll('body *')].filter((e) => shown(e) && e.getBoundingClientRect().right > innerWidth + 0.5)
    .slice(0, 5).map((e) => `${e.tagName.toLowerCase()}${e.dataset.testid ? `[${e.dataset.testid}]` : ''} to x ${Math.round(e.getBoundingClientRect().right)}`);
});

// Table cells and placement-step columns whose text is wider than the cell and either runs into
// the next column (not clipped) or is clipped with no tooltip to read it whole.
const cutCells = (page) => page.evaluate(() => [...document.querySelectorAll('td, th, .trace-list li > span')]
  .filter((c) => c.getClientRects().length && c.scrollWidth > c.clientWidth && (!c.title || getComputedStyle(c).overflowX === 'visible'))
  .slice(0, 5).map((c) => `${c.closest('[data-testid]')?.dataset.testid}: "${c.textContent.slice(0, 40)}" ${c.scrollWidth} px in ${c.clientWidth}`));

// Controls (filters, selects, buttons), tables and paragraphs that reach past the box that clips them: half
// of one on screen, the rest behind a sideways scroll. The stage, memory and placement-step
// tables are wide by nature and scroll in a frame of their own.
const clippedControls = (page) => page.evaluate(() => [...document.querySelectorAll('main select, main input, main button, main table, main p')]
  .filter((c) => c.getClientRects().length && !c.closest('details:not([open]) > :not(summary), .table-scroll, .window-scroll, .mem-scroll'))
  .flatMap((c) => {
    let box = c.parentElement;
    while (box && !['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
    if (!box) return [];
    const r = c.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    return r.right > b.right + 1 || r.left < b.left - 1 ? [`${c.tagName.toLowerCase()}${c.dataset.testid ? `[${c.dataset.testid}]` : ''} "${(c.value || c.textContent).slice(0, 20)}" x ${Math.round(r.left)}..${Math.round(r.right)} in ${Math.round(b.left)}..${Math.round(b.right)}`] : [];
  }).slice(0, 5));

async function insideWindow(page, locator, what) {
  await locator.waitFor(); // the model dialog loads on first use
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize();
  assert(box && box.width > 0, `${what} is not displayed`);
  assert(box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 0.5 && box.y + box.height <= height + 0.5,
    `${what} leaves the ${width}x${height} window: x ${Math.round(box.x)}..${Math.round(box.x + box.width)}, y ${Math.round(box.y)}..${Math.round(box.y + box.height)}`);
}

export const layoutCases = () => WIDTHS.map(([width, height]) => [
  `layout ${width}x${height}: no sideways scroll, table cells whole or with a tooltip, menus and dialogs inside the window`, async (page) => {
    await page.setViewportSize({ width, height });
    await layoutProbe(page);
    const shot = (what) => page.screenshot({ path: join(ARTIFACTS, `layout-${width}-${what}.png`) });
    await shot('page');
    for (const pane of ['why', 'trace']) {
      await page.locator(`section.pane[data-pane="${pane}"]`).screenshot({ path: join(ARTIFACTS, `layout-${width}-pane-${pane}.png`) });
    }
    await fitsWidth(page, `at ${width} px`);
    for (const menu of ['share', 'export', 'prefs', 'help']) {
      await page.locator(`.${menu} summary`).click();
      await insideWindow(page, page.locator(`.${menu} .menu-body`), `the ${menu} menu`);
      const withMenu = await sideways(page);
      assert(withMenu.length === 0, `the page scrolls sideways with the ${menu} menu open: ${withMenu.join('; ')}`);
      if (menu === 'share') await shot('share');
      if (menu === 'help') {
        await page.click('[data-testid="open-glossary"]');
        await insideWindow(page, page.locator('[data-testid="glossary"]'), 'the glossary');
        await shot('glossary');
        await page.keyboard.press('Escape');
      } else await page.keyboard.press('Escape');
    }
    if (await page.locator('[data-testid="options-toggle"]').isVisible()) await page.click('[data-testid="options-toggle"]');
    const withOptions = await sideways(page);
    assert(withOptions.length === 0, `the page scrolls sideways with the options open: ${withOptions.join('; ')}`);
    await page.click('[data-testid="edit-model"]');
    await insideWindow(page, page.locator('[data-testid="model-dialog"]'), 'the model dialog');
    await shot('model-dialog');
    await page.keyboard.press('Escape');
    // Every pane again, comparing with the serial generator (two schedules side by side).
    await page.selectOption('[data-testid="opt-compare"]', 'serial');
    await runWithKeyboard(page, 60000);
    await page.locator('[data-testid="compare-table"]').waitFor();
    await fitsWidth(page, `at ${width} px, comparing`);
    await shot('compare');
    await page.locator('section.pane[data-pane="rrt"]').screenshot({ path: join(ARTIFACTS, `layout-${width}-compare-pane-rrt.png`) });
  }]);

export const splitterCase = () => ['layout: the splitter between source and results moves by keyboard and drag, and is remembered', async (page) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPlayground(page);
  const width = () => page.locator('.editor-col').evaluate((e) => Math.round(e.getBoundingClientRect().width));
  const split = page.locator('[data-testid="splitter"]');
  assert((await split.getAttribute('role')) === 'separator' && (await split.getAttribute('aria-valuenow')) === '42', 'no separator at 42 %');
  const before = await width();
  await split.focus();
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight');
  const wider = await width();
  assert((await split.getAttribute('aria-valuenow')) === '52' && wider > before + 100, `ArrowRight ×5: ${before} -> ${wider} px, value ${await split.getAttribute('aria-valuenow')}`);
  await page.keyboard.press('End');
  assert((await split.getAttribute('aria-valuenow')) === '70', 'End does not reach the largest share');
  // A drag to a third of the window.
  const box = await split.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(480, box.y + 100, { steps: 5 });
  await page.mouse.up();
  const dragged = await width();
  assert(Math.abs(dragged + 10 + 2 - 480) < 12, `dragged to x 480, the editor is ${dragged} px wide`);
  await page.reload();
  await nextResult(page, 0);
  assert(Math.abs((await width()) - dragged) <= 1, `the width is not remembered: ${await width()} px after a reload, ${dragged} before`);
  await page.screenshot({ path: join(ARTIFACTS, 'layout-splitter.png') });
}];

async function fitsWidth(page, when) {
  const over = await sideways(page);
  assert(over.length === 0, `the page scrolls sideways ${when}: ${over.join('; ')}`);
  const clipped = await clippedControls(page);
  assert(clipped.length === 0, `cut off by their pane ${when}: ${clipped.join('; ')}`);
  const cut = await cutCells(page);
  assert(cut.length === 0, `cells cut short without a tooltip ${when}: ${cut.join('; ')}`);
}
