// Explaining the schedule (issue 15): the dependence graph, the structured gate trace with its
// conflict cells, and comparisons. Each case keeps a 1440x900 screenshot of the view it checks
// (tests/artifacts/web/explain-*.png).
import { join } from 'node:path';
import { nextResult, openPlayground, runs, setSource } from './actions.mjs';
import { ARTIFACTS, assert } from './harness.mjs';

const WIDE = { width: 1440, height: 900 };

async function shot(page, name, locator = null) {
  if (locator) await locator.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(ARTIFACTS, `explain-${name}.png`) });
}

// Opens one result pane only (the others closed), waiting for it to be drawn.
async function onlyPane(page, id) {
  // Each click redraws the toggles: look them up again every time.
  for (;;) {
    const other = page.locator(`.pane-toggle[data-open="true"]:not([data-pane="${id}"])`).first();
    if ((await other.count()) === 0) break;
    await other.click();
  }
  const toggle = page.locator(`.pane-toggle[data-pane="${id}"]`);
  if ((await toggle.getAttribute('data-open')) !== 'true') await toggle.click();
  await page.waitForSelector(`section.pane[data-pane="${id}"]`);
}

async function chooseExample(page, id) {
  const before = await runs(page);
  await page.selectOption('[data-testid="examples"]', id);
  await nextResult(page, before, 30000);
}

const graphReady = (page) => page.waitForSelector('[data-testid="graph-pane"][data-state="ready"]', { timeout: 30000 });

export function explainCases() {
  return [
    ['graph pane: every example laid out, the critical recurrence in red', async (page) => {
      await page.setViewportSize(WIDE);
      await openPlayground(page);
      await onlyPane(page, 'graph');
      const ids = await page.locator('[data-testid="examples"] option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
      assert(ids.length >= 6, `only ${ids.length} examples`);
      for (const id of ids) {
        await chooseExample(page, id);
        const opCount = await page.evaluate(() => Number(document.querySelector('[data-testid="op-count"]')?.textContent ?? -1));
        if (opCount <= 0) continue; // an example with no scheduled block (the broken one)
        await graphReady(page);
        const nodes = await page.locator('[data-testid="graph-node"]').count();
        assert(nodes === opCount, `${id}: ${nodes} graph nodes for ${opCount} ops`);
        // Every node was placed somewhere distinct.
        const spots = await page.locator('[data-testid="graph-node"]').evaluateAll((els) => new Set(els.map((e) => e.getAttribute('transform'))).size);
        assert(spots === nodes, `${id}: nodes overlap (${spots} places for ${nodes} nodes)`);
      }
      // The attention loop's recurrence bound: its ops and edges are marked and named.
      await chooseExample(page, 'attention-forward');
      await graphReady(page);
      const critical = await page.locator('[data-testid="graph-node"][data-critical="true"]').count();
      assert(critical >= 2, `${critical} critical ops drawn`);
      const redEdges = await page.locator('.gedge.critical').count();
      assert(redEdges === critical, `${redEdges} critical edges for a recurrence of ${critical} ops`);
      const legend = await page.locator('[data-testid="graph-critical"]').innerText();
      assert(/Critical recurrence \(red\): %\w+ → .* → %\w+, recurrence bound \d+/.test(legend), `legend: ${legend}`);
      assert(await page.locator('.gedge.carried').count() > 0, 'no carried edge drawn');
      assert(/↺\d/.test(await page.locator('.dep-graph .edge-labels').evaluate((g) => g.textContent)), 'carried edges without their distance');
      // Linked: hovering a node highlights the op's table row in the stage table too.
      await page.locator('.pane-toggle[data-pane="table"]').click();
      await page.waitForSelector('.stage-table');
      const node = page.locator('[data-testid="graph-node"][data-critical="true"]').first();
      const op = await node.getAttribute('data-op');
      await node.hover();
      await page.waitForSelector(`.stage-table [data-op="${op}"].linked`, { timeout: 5000 });
      assert(await page.locator(`.gedge.linked`).count() > 0, 'the hovered op\'s edges are not highlighted');
      await shot(page, 'graph-attention', page.locator('section.pane[data-pane="graph"]'));
    }],

    ['graph pane: the binding resource, and a 2,000-op loop grouped then opened', async (page) => {
      await page.setViewportSize(WIDE);
      await openPlayground(page);
      await onlyPane(page, 'graph');
      await chooseExample(page, 'hopper-tma-wgmma-gemm');
      await graphReady(page);
      const binding = await page.locator('[data-testid="graph-binding"]').innerText();
      assert(/ops using \w+, the resource that binds the II/.test(binding), `binding line: ${binding}`);
      assert(await page.locator('.gnode.binding').count() > 0, 'no op marked as using the binding resource');
      await shot(page, 'graph-hopper', page.locator('section.pane[data-pane="graph"]'));

      const lines = Array.from({ length: 2000 }, (_, k) =>
        `    %v${k} = arith.addf ${k % 4 ? `%v${k - 1}` : '%x'}, %x {sched.footprint = [["${['alu', 'xu', 'lsu', 'tma'][k % 4]}"]], sched.latency = 2 : i32} : tensor<64x64xf16>`);
      const before = await runs(page);
      await setSource(page, `func.func @big(%x: tensor<64x64xf16>, %n: index) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  scf.for %i = %c0 to %n step %c1 {\n${lines.join('\n')}\n    scf.yield\n  }\n  return\n}\n`);
      await page.locator('[data-testid="run"]').click();
      await nextResult(page, before, 60000);
      await graphReady(page);
      assert(await page.locator('[data-testid="graph-clustered"]').count() === 1, 'no grouping note');
      const groups = await page.locator('[data-testid="graph-node"][data-cluster]').count();
      assert(groups > 1 && groups <= 60, `${groups} groups for 2000 ops`);
      await page.locator('[data-testid="graph-node"][data-cluster]').first().click();
      await graphReady(page);
      const opened = await page.locator('[data-testid="graph-node"][data-op]').count();
      assert(opened > 0 && opened <= 500, `${opened} ops after opening a group`);
      await shot(page, 'graph-grouped', page.locator('section.pane[data-pane="graph"]'));
    }],
  ];
}
