// Explaining the schedule (issue 15): the dependence graph, the structured gate trace with its
// conflict cells, and comparisons. Each case keeps a 1440x900 screenshot of the view it checks
// (tests/artifacts/web/explain-*.png).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SNIPPET, nextResult, openPlayground, openShareLink, pasteInto, payloadOf, runs, setSource, withPrefs } from './actions.mjs';
import { ARTIFACTS, REPO, assert } from './harness.mjs';

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

    ['gate trace: a rejection names its gate and cycle, the replay marks the conflict cell', async (page) => {
      await page.setViewportSize(WIDE);
      // The scheduler's own names (G3, commit): the expert view of the trace words.
      await page.addInitScript(() => localStorage.setItem('tilesched.expert', '1'));
      await openPlayground(page);
      await chooseExample(page, 'hopper-tma-wgmma-gemm');
      await onlyPane(page, 'trace');
      // Every gate can be chosen, G4 and the probe included, with its count.
      const gates = await page.locator('[data-filter="gate"] option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
      for (const g of ['G1', 'G2', 'G3', 'G4', 'probe', 'dependence']) assert(gates.includes(g), `no "${g}" in the gate filter: ${gates}`);
      await page.selectOption('[data-filter="gate"]', 'G3');
      const entry = page.locator('[data-testid="trace-entry"]').first();
      const step = Number(await entry.getAttribute('data-step'));
      const row = await entry.innerText();
      assert(/\bG3\b/.test(row) && /@\d+/.test(row), `the entry does not name its gate and cycle: ${row}`);
      assert(row.trim().startsWith(String(step + 1)), `the list numbers step ${step} as ${row.trim().split(/\s/)[0]}`);
      await entry.click();
      const label = await page.locator('[data-testid="trace-step-label"]').innerText();
      assert(label.startsWith(`step ${step + 1} /`) && /G3 @\d+/.test(label), `step label: ${label}`);
      // The conflict cell is marked in the replayed table, and named with its holder beside it.
      const conflict = page.locator('[data-testid="rrt-replay"] .cell.conflict').first();
      await conflict.waitFor();
      const [slot, cellRow, used] = await conflict.evaluate((c) => [c.dataset.slot, c.dataset.row, Number(c.dataset.used)]);
      assert(used >= 1, 'the conflict cell holds nothing in the replay');
      const explain = await page.locator('[data-testid="trace-explain"]').innerText();
      assert(new RegExp(`${slot} in (row ${cellRow}|rows ${cellRow}–\\d+), held by %`).test(explain), `the explanation does not name the cell ${slot}/${cellRow}: ${explain}`);
      assert(explain.includes('G3: resource conflict'), `no gate meaning: ${explain}`);
      await shot(page, 'trace-conflict', page.locator('section.pane[data-pane="trace"]'));

      // Keyboard: Right/Left step through the listed (G3) entries, End to the last one.
      await page.locator('[data-testid="trace-entry"].current').focus();
      const listed = await page.locator('[data-testid="trace-entry"]').evaluateAll((els) => els.map((e) => Number(e.dataset.step)));
      await page.keyboard.press('ArrowRight');
      assert((await page.locator('[data-testid="trace-step-label"]').innerText()).startsWith(`step ${listed[1] + 1} /`), 'ArrowRight did not go to the next listed entry');
      await page.keyboard.press('ArrowLeft');
      assert((await page.locator('[data-testid="trace-step-label"]').innerText()).startsWith(`step ${listed[0] + 1} /`), 'ArrowLeft did not come back');

      // Find the step that placed an op, and one that rejected it at a cycle.
      // (The first G3 entry, read while the list shows G3 entries only: the list draws the entries in view.)
      await page.keyboard.press('Home');
      const rejected = page.locator('[data-testid="trace-entry"][data-gate="G3"]').first();
      const rejCycle = (await rejected.innerText()).match(/@(\d+)/)[1];
      const opLabel = await rejected.locator('.t-op').innerText();
      await page.selectOption('[data-filter="gate"]', '');
      await page.fill('[data-testid="trace-jump-op"]', opLabel.split(' ')[0]);
      await page.selectOption('[data-testid="trace-jump-what"]', 'rejected');
      await page.fill('[data-testid="trace-jump-cycle"]', rejCycle);
      await page.click('[data-testid="trace-jump"]');
      const jumped = await page.locator('[data-testid="trace-step-label"]').innerText();
      assert(new RegExp(`G3 @${rejCycle}$`).test(jumped), `jump to the rejection at cycle ${rejCycle}: ${jumped}`);
      await page.selectOption('[data-testid="trace-jump-what"]', 'placed');
      await page.click('[data-testid="trace-jump"]');
      const placed = await page.locator('[data-testid="trace-step-label"]').innerText();
      assert(/ commit @\d+$/.test(placed), `jump to the placement: ${placed}`);
      // The placed op's cells are marked in the replayed table.
      await page.locator('[data-testid="rrt-replay"] .cell.candidate').first().waitFor();
    }],

    ['graph pane: the binding resource, and a 2,000-op loop grouped then opened', async (page) => {
      await page.setViewportSize(WIDE);
      await openPlayground(page);
      await onlyPane(page, 'graph');
      await chooseExample(page, 'hopper-tma-wgmma-gemm');
      await graphReady(page);
      const binding = await page.locator('[data-testid="graph-binding"]').innerText();
      assert(/ops using TMA copy engine, the unit that binds the II/.test(binding), `binding line: ${binding}`);
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

    ['compare: Hopper against Blackwell, both scheduled, differences marked in every pane, through a share link', async (page) => {
      await page.setViewportSize(WIDE);
      await openPlayground(page, { runOnEdit: true });
      // A loop both models schedule: Hopper runs the tensor-memory ops as unknown ops, so the
      // same loop gets another II, other stages and cycles, and other reservation cells there.
      await chooseExample(page, 'triton-blackwell-attention');
      await openPanes(page, ['table', 'rrt', 'timeline']);
      await afterRun(page, () => page.selectOption('[data-testid="opt-compare"]', 'model:hopper'));
      const check = async (p, where) => {
        const heads = await p.locator('[data-testid="compare"] h3').allInnerTexts();
        // This side's model is the one its ttg.target (cuda:100) picks.
        assert(heads[0] === 'Blackwell (from the IR)' && heads[1] === 'compared with: Hopper', `${where}: headings ${heads}`);
        assert(await p.locator('[data-testid="compare-errors"]').count() === 0, `${where}: a side has no schedule`);
        const iis = await p.locator('[data-testid="compare"] [data-testid="ii"]').allInnerTexts();
        assert(iis.length === 2 && iis.every((ii) => /^\d+$/.test(ii)) && iis[0] !== iis[1], `${where}: II ${iis}, expected two different IIs`);
        await assertMarked(p, where, { moved: true });
      };
      await check(page, 'compared');
      await shot(page, 'compare-models');
      await shot(page, 'compare-models-rrt', page.locator('section.pane[data-pane="rrt"]'));
      await shot(page, 'compare-models-timeline', page.locator('section.pane[data-pane="timeline"]'));
      const link = await openShareLink(page);
      await reopen(page, link, async (other) => {
        assert((await other.inputValue('[data-testid="opt-compare"]')) === 'model:hopper', 'the comparison is not restored');
        await check(other, 'restored');
      });
    }],

    ['compare: a side with no schedule says why (a unit no model has)', async (page) => {
      await page.setViewportSize(WIDE);
      await openPlayground(page, { runOnEdit: true });
      const typo = SNIPPET.replace('{sched.footprint = [["tma"], ["tp_smem_wr"]]', '{sched.footprint = [["tmaa"], ["tp_smem_wr"]]');
      assert(typo !== SNIPPET, 'the edit did not apply');
      await afterRun(page, () => setSource(page, typo));
      await afterRun(page, () => page.selectOption('[data-testid="opt-compare"]', 'source'));
      await afterRun(page, () => setSource(page, SNIPPET));
      await page.locator('[data-testid="compare"]').waitFor();
      const why = await page.locator('[data-testid="compare-errors"]').innerText();
      assert(/unknown slot or pool 'tmaa'/.test(why), `the other side does not say why it failed: ${why}`);
    }],

    ['compare: Blackwell\'s tensor-memory GEMM on Hopper schedules, its Blackwell-only override entries ignored', async (page) => {
      await page.setViewportSize(WIDE);
      await openPlayground(page, { runOnEdit: true });
      await chooseExample(page, 'blackwell-tcgen05-gemm');
      await afterRun(page, () => page.selectOption('[data-testid="opt-compare"]', 'model:hopper'));
      await page.locator('[data-testid="compare"]').waitFor();
      assert(await page.locator('[data-testid="compare-errors"]').count() === 0, 'the Hopper side failed');
      const iis = await page.locator('[data-testid="compare"] [data-testid="ii"]').allInnerTexts();
      assert(iis.length === 2 && iis.every((ii) => /^\d+$/.test(ii)), `both sides need an II: ${iis}`);
    }],

    ['compare: the source before and after an edit, through a share link', async (page) => {
      await page.setViewportSize(WIDE);
      await openPlayground(page, { runOnEdit: true });
      await afterRun(page, () => setSource(page, SNIPPET));
      await afterRun(page, () => page.selectOption('[data-testid="opt-generator"]', 'cost-based'));
      await openPanes(page, ['table', 'rrt', 'timeline']);
      await afterRun(page, () => page.selectOption('[data-testid="opt-compare"]', 'source'));
      assert(await page.locator('[data-testid="compare"] .stat.diff').count() === 0, 'the pinned source differs from itself');
      // The edit: %t1 holds the TMA unit one cycle longer, so the II grows.
      const edited = SNIPPET.replace('{sched.footprint = [["tma"], ["tp_smem_wr"]]', '{sched.footprint = [["tma"], ["tma"], ["tp_smem_wr"]]');
      assert(edited !== SNIPPET, 'the edit did not apply');
      await afterRun(page, () => setSource(page, edited));
      const check = async (p, where) => {
        const heads = await p.locator('[data-testid="compare"] h3').allInnerTexts();
        assert(heads[0] === 'the source as edited' && heads[1] === 'compared with: the pinned source', `${where}: headings ${heads}`);
        const iis = await p.locator('[data-testid="compare"] [data-testid="ii"]').allInnerTexts();
        assert(iis[0] === '4' && iis[1] === '3', `${where}: II ${iis}, expected 4 after the edit and 3 before`);
        await assertMarked(p, where);
      };
      await check(page, 'edited');
      await shot(page, 'compare-edit');
      const link = await openShareLink(page);
      assert(payloadOf(new URL(link).hash).includes('"cmp":{"src":'), 'the link does not carry the pinned source');
      await reopen(page, link, async (other) => {
        assert((await other.inputValue('[data-testid="opt-compare"]')) === 'source', 'the comparison is not restored');
        await check(other, 'restored');
      });
    }],

    ['compare: two sources in two editors side by side, the compared one edited in its own editor', async (page) => {
      await page.setViewportSize(WIDE);
      await openPlayground(page, { runOnEdit: true });
      await afterRun(page, () => setSource(page, SNIPPET));
      await afterRun(page, () => page.selectOption('[data-testid="opt-generator"]', 'cost-based'));
      const other = page.locator('[data-testid="other-editor"]');
      assert(!(await other.isVisible()), 'a second editor is shown without a comparison of sources');
      await afterRun(page, () => page.selectOption('[data-testid="opt-compare"]', 'source'));
      assert(await other.isVisible(), 'no second editor for the compared source');
      const shown = await other.locator('.cm-content').innerText();
      assert(shown.includes('func.func @e2e') && shown.includes('scf.yield'), `the second editor does not hold the pinned source: ${shown.slice(0, 200)}`);
      const [left, right] = [await other.boundingBox(), await page.locator('.main-source .editor-host').boundingBox()];
      assert(left.x + left.width <= right.x + 1 && Math.abs(left.y - right.y) < 2, `not side by side: old at x ${left.x}, new at x ${right.x}`);
      // The compared (old) source holds the TMA unit one cycle longer: its II is 4, the new one's 3.
      const older = SNIPPET.replace('{sched.footprint = [["tma"], ["tp_smem_wr"]]', '{sched.footprint = [["tma"], ["tma"], ["tp_smem_wr"]]');
      await afterRun(page, () => pasteInto(page, other.locator('.cm-content'), older));
      const iis = await page.locator('[data-testid="compare"] [data-testid="ii"]').allInnerTexts();
      assert(iis[0] === '3' && iis[1] === '4', `II ${iis}, expected 3 for the main source and 4 for the compared one`);
      assert((await page.locator('.cm-content').first().innerText()).includes('[["tma"], ["tp_smem_wr"]]'), 'the main editor changed');
      await assertMarked(page, 'two editors');
      await shot(page, 'compare-two-editors');
      // Back to one schedule: the second editor goes.
      await afterRun(page, () => page.selectOption('[data-testid="opt-compare"]', ''));
      assert(!(await other.isVisible()), 'the second editor stays after the comparison ends');
    }],

    ['agents: a warp-specialized loop shows its agents side by side, each on its own units in plain words', async (page) => {
      await page.setViewportSize(WIDE);
      await openPlayground(page);
      const src = readFileSync(join(REPO, 'tests/golden/cli/agents-share.mlir'), 'utf8').split('\n').filter((l) => !l.startsWith('//')).join('\n');
      const before = await runs(page);
      await setSource(page, src);
      await page.keyboard.press('Control+Enter');
      await nextResult(page, before, 30000);
      const agents = page.locator('[data-testid="agents"]').first();
      await agents.waitFor({ timeout: 20000 });
      const rows = await agents.locator('[data-testid="agent"]').evaluateAll((rs) => rs.map((r) => r.innerText.replace(/\s+/g, ' ')));
      assert(rows.length === 2, `agents ${JSON.stringify(rows)}`);
      assert(rows[0].includes('partition 0') && rows[0].includes('FMA issue width (partition 0)') && rows[0].includes('4 (assumed)'), `row ${rows[0]}`);
      assert(!/fma_issue/.test(await agents.innerText()), 'a unit shown by its model name');
      await shot(page, 'agents', agents);
      await chooseExample(page, 'hopper-tma-wgmma-gemm');
      const roles = await page.locator('[data-testid="agents"] [data-testid="agent"] td:nth-child(2)').allInnerTexts();
      assert(roles.some((r) => r.startsWith('producer')) && roles.includes('compute'), `the seed's split: ${roles.join(' | ')}`);
      // At the narrowest desktop width the table wraps between words, never inside one ("op / s").
      await page.setViewportSize({ width: 1280, height: 800 });
      const broken = await page.locator('[data-testid="agents"] table').first().evaluate((table) => {
        const out = [];
        for (const cell of table.querySelectorAll('th, td')) {
          const range = document.createRange();
          for (const node of cell.childNodes) {
            if (node.nodeType !== Node.TEXT_NODE) continue;
            for (const m of node.textContent.matchAll(/\S+/g)) {
              range.setStart(node, m.index);
              range.setEnd(node, m.index + m[0].length);
              if (range.getClientRects().length > 1) out.push(m[0]);
            }
          }
        }
        return out;
      });
      assert(broken.length === 0, `words split across lines in the agents table: ${broken.join(', ')}`);
    }],
  ];
}

// Opens exactly these result panes.
async function openPanes(page, ids) {
  for (const id of ['table', 'rrt', 'trace', 'timeline', 'graph', 'ir', 'json']) {
    const toggle = page.locator(`.pane-toggle[data-pane="${id}"]`);
    if (((await toggle.getAttribute('data-open')) === 'true') !== ids.includes(id)) await toggle.click();
  }
  for (const id of ids) await page.waitForSelector(`section.pane[data-pane="${id}"]`);
}

// Does `action` (which changes what is run, with run-on-edit) and waits for the run it starts.
async function afterRun(page, action) {
  const before = await runs(page);
  await action();
  await nextResult(page, before, 30000);
}

// A comparison's differences are marked in the header, the stage table, both heatmaps and the
// timeline, each summary line counting them. With `moved`, some op must start at another cycle
// (dashed in both timelines); without, the timeline may say that none does.
async function assertMarked(page, where, { moved = false } = {}) {
  await page.locator('[data-testid="compare"]').waitFor();
  assert(await page.locator('[data-testid="compare"] .stat.diff').count() >= 2, `${where}: no difference marked in the headers`);
  await page.waitForSelector('[data-testid="compare-table"] .row-diff');
  const placed = await page.locator('[data-testid="compare-summary"]').innerText();
  assert(Number(/^(\d+) ops? placed differently/.exec(placed)?.[1]) > 0, `${where}: stage table summary: ${placed}`);
  await page.waitForSelector('[data-testid="rrt-heatmap"] .cell.differs');
  await page.waitForSelector('[data-testid="rrt-heatmap-other"] .cell.differs');
  const held = await page.locator('[data-testid="compare-rrt-summary"]').innerText();
  const cells = /^(\d+) cells? here and (\d+) there held differently/.exec(held);
  assert(cells && Number(cells[1]) > 0 && Number(cells[2]) > 0, `${where}: heatmap summary: ${held}`);
  await page.waitForSelector('[data-testid="timeline"][data-moved]');
  const dashed = await page.locator('[data-testid="timeline"]').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-moved'))));
  const summary = await page.locator('[data-testid="compare-timeline-summary"]').innerText();
  const starts = Number(/^(\d+) ops? starts? at another cycle/.exec(summary)?.[1] ?? 0);
  if (moved) {
    assert(dashed.length === 2 && dashed.every((n) => n > 0) && starts === dashed[0], `${where}: timeline: ${summary}, dashed ${dashed}`);
  } else {
    assert(dashed[0] > 0 || /same cycle/.test(summary), `${where}: timeline: ${summary}`);
  }
}

// Opens `link` in a new tab (no run on edit), checks it, and that it encodes to the same link.
async function reopen(page, link, check) {
  const other = await page.context().newPage();
  try {
    await other.setViewportSize(WIDE);
    await withPrefs(other, { runOnEdit: false });
    await other.goto(link);
    await nextResult(other, 0, 30000);
    await check(other);
    const again = await openShareLink(other);
    assert(new URL(again).hash === new URL(link).hash, `the restored state encodes to another link:\n${payloadOf(new URL(link).hash)}\n${payloadOf(new URL(again).hash)}`);
  } finally {
    await other.close();
  }
}
