// A kernel engineer's questions: which model (the IR's target, with a switch back from a model
// picked by hand), why this II (the bounds' terms, what stopped each smaller II, one sentence on
// the search below), what it costs in memory, all in plain words with a glossary. Each view
// leaves screenshots at 1440x900 and 390x844 (tests/artifacts/web/why-*.png).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { example, nextResult, openPlayground, runWithKeyboard, runs, setSource, text } from './actions.mjs';
import { ARTIFACTS, REPO, WEB, assert } from './harness.mjs';
import { axeViolations } from './real-use.mjs';

const SIZES = [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]];

// The view at both sizes, scrolled to `locator`.
async function shots(page, name, locator) {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await locator.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, `why-${name}-${size}.png`) });
  }
  await page.setViewportSize(SIZES[0][1]);
}

// The CLI's answer for a file: the npm bin on the module the page loads.
function cliDocument(file, args = []) {
  const out = execFileSync(process.execPath, [join(REPO, 'wasm/cli.mjs'), file, '--emit=json', ...args],
    { env: { ...process.env, TILESCHED_WASM_DIR: join(WEB, 'public/wasm') }, encoding: 'utf8', maxBuffer: 1 << 28 });
  return JSON.parse(out);
}

async function chooseExample(page, id) {
  const before = await runs(page);
  await page.selectOption('[data-testid="examples"]', id);
  await nextResult(page, before, 30000);
}

// Opens the given result panes only, waiting until each is drawn.
async function openPanes(page, ids) {
  for (;;) {
    const other = page.locator(`.pane-toggle[data-open="true"]${ids.map((id) => `:not([data-pane="${id}"])`).join('')}`).first();
    if ((await other.count()) === 0) break;
    await other.click();
  }
  for (const id of ids) {
    const toggle = page.locator(`.pane-toggle[data-pane="${id}"]`);
    if ((await toggle.getAttribute('data-open')) !== 'true') await toggle.click();
    await page.waitForSelector(`section.pane[data-pane="${id}"]`);
  }
}

// The words the plain view keeps out of the page: seed pages and their names, the facts file,
// C++ identifiers and command-line flags.
const FORBIDDEN = /facts §|\bseeds?\b|seed worked|worked scoring|\w::\w|std::|(^|[\s(])--[a-z]|\bG[1-4]\b|rau-refinement|deepest-retry|Kendall/im;

// The page's own text, without the snippet (the editor holds the user's text as it is).
const pageText = (page) => page.evaluate(() => {
  const body = document.body.cloneNode(true);
  for (const e of body.querySelectorAll('.cm-editor, dialog:not([open])')) e.remove();
  return body.innerText ?? body.textContent;
});

const plainWords = (page) => page.addInitScript(() => localStorage.setItem('tilesched.expert', '0'));

export function whyCases() {
  return [
    ['why 1. a cuda:100 loop pasted after a Hopper example: the Blackwell model and the CLI\'s II; a picked model that disagrees offers the switch', async (page) => {
      await page.setViewportSize(SIZES[0][1]);
      await plainWords(page);
      await openPlayground(page); // the Hopper GEMM, on the model its Run line picks
      assert((await page.inputValue('[data-testid="opt-model"]')) === 'hopper', 'the start example is not on Hopper');
      const file = join(REPO, 'examples/triton-blackwell-tcgen05-gemm.mlir');
      await setSource(page, readFileSync(file, 'utf8'));
      await runWithKeyboard(page);
      const cli = cliDocument(file).blocks[0];
      assert((await page.inputValue('[data-testid="opt-model"]')) === 'ir', 'the pasted loop kept the hand-picked model');
      assert((await text(page, 'block-model')).includes('Blackwell (sm_100), from the IR\'s target cuda:100'), `model: ${await text(page, 'block-model')}`);
      assert(Number(await text(page, 'ii')) === cli.ii, `II ${await text(page, 'ii')} on the page, ${cli.ii} from the CLI`);
      assert(Number(await text(page, 'stage-count')) === cli.stage_count, 'stage count differs from the CLI');
      assert((await page.locator('[data-testid="model-mismatch"]').count()) === 0, 'a mismatch notice with the IR\'s own model');
      // No Hopper chip on a Blackwell loop.
      const facts = await text(page, 'block-facts');
      assert(!/WGMMA/.test(facts) && /tcgen05 MMA/.test(facts), `facts: ${facts}`);

      // Hopper picked by hand: the page says it disagrees with the IR, and one click undoes it.
      await page.selectOption('[data-testid="opt-model"]', 'hopper');
      await runWithKeyboard(page);
      const notice = page.locator('[data-testid="model-mismatch"]');
      await notice.waitFor();
      const said = await notice.innerText();
      assert(/cuda:100 \(blackwell\)/.test(said) && /hopper/.test(said), `notice: ${said}`);
      await shots(page, 'model-mismatch', notice);
      const before = await runs(page);
      await page.click('[data-testid="follow-target"]');
      await nextResult(page, before);
      assert((await page.inputValue('[data-testid="opt-model"]')) === 'ir', 'the switch did not go back to the IR\'s model');
      assert(Number(await text(page, 'ii')) === cli.ii, 'the switch did not give the CLI\'s II');
      assert((await page.locator('[data-testid="model-mismatch"]').count()) === 0, 'the notice stayed after the switch');
    }],

    ['why 2. why this II: the resource bound\'s ops sum to it, the recurrence as its edges, every smaller II and one sentence on the search', async (page) => {
      await page.setViewportSize(SIZES[0][1]);
      await plainWords(page);
      await openPlayground(page);
      await openPanes(page, ['why']);
      // The resource bound: the ops of the binding unit, their cycles adding up to it.
      const resource = page.locator('[data-testid="why-resource"]');
      await resource.waitFor();
      const [bound, capacity] = await resource.evaluate((s) => [Number(s.dataset.bound), Number(s.dataset.capacity)]);
      const units = await page.locator('[data-testid="why-resource-op"]').evaluateAll((rs) => rs.map((r) => Number(r.dataset.units)));
      const sum = units.reduce((a, b) => a + b, 0);
      assert(units.length >= 2 && Math.ceil(sum / capacity) === bound, `resource bound ${bound}: ops hold ${units.join(' + ')} over ${capacity}`);
      const mii = (await text(page, 'mii'));
      assert(mii.includes(`resource ${bound}`), `header MII: ${mii}`);
      const lead = await page.locator('.why-lead').innerText();
      assert(/^II \d+ equals its MII/.test(lead), `II at its bound not said: ${lead}`);

      // The recurrence bound: its cycle of ops and edges, latencies over distances.
      await chooseExample(page, 'attention-forward');
      const edges = await page.locator('[data-testid="why-recurrence-edge"]').allInnerTexts();
      assert(edges.length >= 2 && edges.every((e) => /latency \d+/.test(e)) && edges.some((e) => /distance \d+/.test(e)), `recurrence edges: ${edges.join(' | ')}`);
      const recurrence = await text(page, 'why-recurrence-sum');
      const m = /Total latency (\d+) over a total distance of (\d+) iterations?: \d+ \/ \d+, rounded up, is (\d+) cycles/.exec(recurrence);
      assert(m && Math.ceil(Number(m[1]) / Number(m[2])) === Number(m[3]), `recurrence sum: ${recurrence}`);
      await shots(page, 'recurrence', page.locator('[data-testid="why-recurrence"]'));

      // II above its bound: every smaller II is named with what stopped it, and the search below
      // is exhaustive (the proof) though the II search's rounds ran out: one sentence, not both.
      const file = join(REPO, 'tests/golden/cli/proven-after-budget.mlir');
      await setSource(page, readFileSync(file, 'utf8'));
      await page.selectOption('[data-testid="opt-model"]', 'hopper');
      await runWithKeyboard(page, 60000);
      const cli = cliDocument(file, ['--model=hopper']).blocks[0];
      const ii = Number(await text(page, 'ii'));
      assert(ii === cli.ii && ii > cli.mii.lower_bound, `II ${ii}, CLI ${cli.ii}, bound ${cli.mii.lower_bound}`);
      const below = await page.locator('[data-testid="why-below"]').evaluateAll((ls) => ls.map((l) => [Number(l.dataset.ii), l.dataset.result]));
      assert(below.length === ii - cli.mii.lower_bound && below.every(([, r]) => r === 'infeasible'), `below: ${JSON.stringify(below)}`);
      const sentence = await text(page, 'why-search');
      assert(/was exhaustive/.test(sentence) && !/budget|cut short/.test(sentence), `sentence: ${sentence}`);
      const shown = await pageText(page);
      const contradiction = /budget exceeded|cut short by a budget|truncated|Raise the (search budget|constraint iterations)/.exec(shown);
      assert(!contradiction, `the page says the search was cut short beside its proof: "${contradiction?.[0]}"`);
      await shots(page, 'below', page.locator('[data-testid="why-below-list"]'));
      // With a smaller search budget the proof stops early: the search below is cut short, and
      // said so once.
      await page.fill('[data-testid="opt-work-budget"]', '3000');
      await page.press('[data-testid="opt-work-budget"]', 'Tab');
      await runWithKeyboard(page, 60000);
      // The SAT solver's clauses and conflicts are charged to the same budget, so the proof stops
      // too: the search below is cut short, said once, and some smaller II is left open.
      const cut = await text(page, 'why-search');
      assert(/cut short by the search budget/.test(cut) && !/was exhaustive/.test(cut), `one sentence on the search: ${cut}`);
      const untried = await page.locator('[data-testid="why-below"]').evaluateAll((ls) => ls.map((l) => l.dataset.result));
      assert(untried.some((r) => r !== 'infeasible'), `every smaller II is still proven: ${untried}`);
      await shots(page, 'cut-short', page.locator('[data-testid="why-ii"]'));
    }],

    ['why 3. memory: shared and tensor memory per buffer and slot against the budget, over budget marked; the time estimate', async (page) => {
      await page.setViewportSize(SIZES[0][1]);
      await plainWords(page);
      await openPlayground(page);
      await openPanes(page, ['memory']);
      await chooseExample(page, 'triton-blackwell-tcgen05-gemm');
      const smem = page.locator('[data-testid="memory-smem"]');
      await smem.waitFor();
      const cli = cliDocument(join(REPO, 'examples/triton-blackwell-tcgen05-gemm.mlir')).blocks[0];
      assert(Number(await smem.getAttribute('data-used')) === cli.memory.smem_bytes, 'SMEM bytes differ from the CLI');
      assert(Number(await page.locator('[data-testid="memory-tmem"]').getAttribute('data-used')) === cli.memory.tmem_bytes, 'TMEM bytes differ from the CLI');
      assert((await smem.getAttribute('data-over')) === 'false', 'a fitting loop marked over budget');
      // The bytes as the command line prints them (65568 B, not a rounded 64.0 KiB).
      assert((await smem.innerText()).includes(`${cli.memory.smem_bytes} B`), `SMEM not in the CLI's figure: ${await smem.innerText()}`);
      assert((await text(page, 'ii-units')) === 'cost units', "the seed model's II is not said to be in cost units");
      assert((await page.locator('[data-testid="memory-buffer"]').count()) === cli.buffers.length, 'not every buffer listed');
      await shots(page, 'memory', page.locator('[data-testid="memory-pane"]'));
      // The performance model's time beside the II: a range, what limits it, the GPU and its clock,
      // and that the II of a seed model is in cost units; registers and CTAs per SM in the memory view.
      const est = await text(page, 'estimate');
      const [lo] = cli.estimate.schedule.ns_per_iteration;
      assert(est.includes(`${lo.toLocaleString('en-US', { maximumFractionDigits: 1 })}`) && /ns per iteration, limited by/.test(est) &&
        est.includes(cli.estimate.gpu) && /MHz/.test(est), `estimate: ${est}`);
      assert(/cost units, not in time/.test(await text(page, 'estimate-units')), 'the seed cost units are not said');
      assert(new RegExp(`about ${cli.estimate.registers_per_thread} registers per thread`).test(await text(page, 'occupancy')), 'registers not shown');
      await shots(page, 'estimate', page.locator('[data-testid="result-header"]').first());
      // Over the tensor-memory budget: marked in red, with the excess in words.
      await chooseExample(page, 'blackwell-tcgen05-gemm-1mib-tmem');
      const over = page.locator('[data-testid="memory-over"]');
      await over.waitFor();
      assert(/over budget by \d/.test(await over.innerText()), `over: ${await over.innerText()}`);
      assert((await page.locator('[data-testid="memory-tmem"]').getAttribute('data-over')) === 'true', 'TMEM over budget not marked');
      await shots(page, 'memory-over', page.locator('[data-testid="memory-pane"]'));
    }],

    ['why 4. plain words: no seed, facts, C++ name or flag on the page, examples titled by what they are', async (page) => {
      await page.setViewportSize(SIZES[0][1]);
      await plainWords(page);
      await openPlayground(page);
      await openPanes(page, ['why', 'table', 'rrt', 'memory', 'trace', 'timeline']);
      const titles = await page.locator('[data-testid="examples"] option').allInnerTexts();
      assert(!titles.some((t) => FORBIDDEN.test(t)), `example titles: ${titles.filter((t) => FORBIDDEN.test(t))}`);
      const ids = await page.locator('[data-testid="examples"] option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
      for (const id of ids) {
        await chooseExample(page, id);
        await page.waitForFunction(() => !document.querySelector('.pane-slot'), null, { timeout: 30000 });
        const shown = await pageText(page);
        const hit = FORBIDDEN.exec(shown);
        assert(!hit, `${id}: "${hit?.[0]}" on the page: …${shown.slice(Math.max(0, (hit?.index ?? 0) - 80), (hit?.index ?? 0) + 80)}…`);
        // The gallery's own comments speak plainly too.
        const source = example(id);
        assert(!/facts §|\bseed \d{3}|seeds'/.test(source), `${id}: the example's comments cite seed pages`);
      }
      // The expert view brings the scheduler's own names back.
      await chooseExample(page, 'hopper-tma-wgmma-gemm');
      await page.locator('summary[aria-label="help"]').click();
      await page.check('[data-testid="expert-words"]');
      await page.keyboard.press('Escape');
      await page.selectOption('[data-filter="gate"]', 'G3');
      assert(/\bG3\b/.test(await page.locator('[data-testid="trace-entry"]').first().innerText()), 'the expert view does not name G3');
      await page.locator('summary[aria-label="help"]').click();
      await page.uncheck('[data-testid="expert-words"]');
      await page.keyboard.press('Escape');
      await page.selectOption('[data-filter="gate"]', 'G3');
      const plain = await page.locator('[data-testid="trace-entry"]').first().innerText();
      assert(!/\bG3\b/.test(plain) && /resource busy/.test(plain), `plain view: ${plain}`);
    }],

    ['why 5. the glossary opens from "?" and on a tap on any term, and defines every trace word the page shows', async (page) => {
      await page.setViewportSize(SIZES[0][1]);
      await plainWords(page);
      await openPlayground(page);
      await openPanes(page, ['why', 'trace']);
      // Every trace word the page shows: the filters' words and the listed steps'.
      const words = new Set(await page.evaluate(() => [
        ...[...document.querySelectorAll('[data-filter="arm"] option')].map((o) => `arm-${o.value}`),
        ...[...document.querySelectorAll('[data-filter="gate"] option')].map((o) => `gate-${o.value}`),
        ...[...document.querySelectorAll('[data-filter="outcome"] option')].map((o) => `outcome-${o.value}`),
        ...[...document.querySelectorAll('[data-word]')].map((e) => e.dataset.word),
      ].filter((w) => !/-$/.test(w))));
      assert(words.size >= 8, `only ${words.size} trace words found`);
      await page.locator('summary[aria-label="help"]').click();
      await page.click('[data-testid="open-glossary"]');
      const glossary = page.locator('[data-testid="glossary"]');
      await glossary.waitFor();
      const defined = await glossary.evaluate((d) => Object.fromEntries([...d.querySelectorAll('dt[data-term-id]')].map((dt) => [dt.dataset.termId, dt.nextElementSibling?.textContent ?? ''])));
      const missing = [...words].filter((w) => !(defined[w] ?? '').trim());
      assert(missing.length === 0, `the glossary does not define: ${missing.join(', ')}`);
      // Every term the page links is in the glossary too.
      await page.click('[data-testid="glossary-close"]');
      const linked = await page.evaluate(() => [...new Set([...document.querySelectorAll('.term[data-term]')].map((t) => t.dataset.term))]);
      assert(linked.length >= 5 && linked.every((t) => defined[t]), `linked terms without an entry: ${linked.filter((t) => !defined[t])}`);
      // A tap on a term opens the glossary at it (touch has no hover).
      await page.setViewportSize(SIZES[1][1]);
      const term = page.locator('[data-testid="why-ii"] .term[data-term="recurrence-bound"]').first();
      await term.scrollIntoViewIfNeeded();
      await term.tap().catch(() => term.click());
      await page.waitForSelector('[data-testid="glossary"][open] dt.current[data-term-id="recurrence-bound"]');
      await page.screenshot({ path: join(ARTIFACTS, 'why-glossary-phone.png') });
      await page.click('[data-testid="glossary-close"]');
      await page.setViewportSize(SIZES[0][1]);
      await page.locator('summary[aria-label="help"]').click();
      await page.click('[data-testid="open-glossary"]');
      await page.screenshot({ path: join(ARTIFACTS, 'why-glossary-desktop.png') });
    }],

    ['why 6. axe: no serious violation with the new views open, the mismatch notice and the glossary, light and dark', async (page) => {
      await page.setViewportSize(SIZES[0][1]);
      await plainWords(page);
      await openPlayground(page);
      await openPanes(page, ['why', 'memory', 'trace']);
      await chooseExample(page, 'triton-hopper-tma-wgmma-gemm');
      await page.selectOption('[data-testid="opt-model"]', 'blackwell');
      await runWithKeyboard(page);
      await page.locator('[data-testid="model-mismatch"]').waitFor();
      const found = [];
      for (const theme of ['light', 'dark']) {
        await page.locator('summary', { hasText: 'Preferences' }).click();
        await page.selectOption('[data-testid="pref-theme"]', theme);
        await page.keyboard.press('Escape');
        found.push(...(await axeViolations(page)).map((v) => `${theme}: ${v}`));
        await page.locator('summary[aria-label="help"]').click();
        await page.click('[data-testid="open-glossary"]');
        found.push(...(await axeViolations(page)).map((v) => `${theme}, glossary: ${v}`));
        await page.click('[data-testid="glossary-close"]');
      }
      assert(found.length === 0, `axe violations:\n        ${found.join('\n        ')}`);
    }],

    ['why 7. what the scheduler did to the stages: Triton\'s load stages and the compaction said once, chip and stage count as the JSON has them, a stage with no op explained', async (page) => {
      await page.setViewportSize(SIZES[0][1]);
      await openPlayground(page);
      await openPanes(page, ['timeline']);
      await chooseExample(page, 'triton-attention-forward');
      const block = cliDocument(join(REPO, 'examples/triton-attention-forward.mlir')).blocks[0];
      const held = [...new Set(block.ops.filter((o) => o.stage >= 0).map((o) => o.stage))].sort((a, b) => a - b);
      const empty = Array.from({ length: block.stage_count }, (_, s) => s).filter((s) => !held.includes(s));
      assert(block.generator === 'cost-based' && block.triton?.steered_ops > 0 && empty.length === 1,
        `the example no longer has Triton-moved ops and one stage without ops: ${JSON.stringify({ triton: block.triton, held, stage_count: block.stage_count })}`);
      // The option is off in the state (and the link), but a cost-based run applied the stages: the box says so.
      const box = '[data-testid="opt-triton-latency"]';
      assert(await page.isChecked(box) && await page.isDisabled(box) && await page.isVisible('[data-testid="triton-latency-note"]'),
        'the Triton latencies box does not show the stages a cost-based run applied');
      const facts = await text(page, 'block-facts');
      assert(facts.includes(`Triton load stages: ${block.triton.steered_ops} ops moved`) && !/Triton latencies/.test(facts),
        `the chip does not say what the cost-based run applied, or names the unticked option: ${facts}`);
      assert(await text(page, 'stage-count') === String(block.stage_count), `stages shown ${await text(page, 'stage-count')}, the JSON's ${block.stage_count}`);
      const story = await text(page, 'stage-story');
      assert(story.includes(`Triton’s load stages were applied, as every cost-based schedule does: ${block.triton.steered_ops} ops moved`)
        && story.includes(`${block.compaction.stages_to} → ${block.stage_count} stages`)
        && story.includes(`Stage ${empty[0]} issues no op yet counts toward the ${block.stage_count}`), `the stage story: ${story}`);
      assert(!/compacted from/.test(await text(page, 'result-header')), 'the header still labels a longer schedule "compacted from"');
      const legend = await text(page, 'timeline-legend');
      const legendStages = [...legend.matchAll(/stage (\d+)/g)].map((m) => Number(m[1]));
      assert(legendStages.length > 0 && legendStages.every((s) => held.includes(s)), `the timeline legend shows a stage no op holds: ${legend}`);
      await shots(page, 'stage-story', page.locator('[data-testid="stage-story"]'));
      // Serial: the option decides, and ticking it moves ops.
      await page.selectOption('[data-testid="opt-generator"]', 'serial');
      await runWithKeyboard(page);
      assert(!(await page.isChecked(box)) && !(await page.isDisabled(box)), 'a serial run leaves the box ticked or disabled');
      assert(!(await text(page, 'block-facts')).includes('Triton'), 'a serial run without the option names Triton\'s stages');
      await page.check(box);
      await runWithKeyboard(page);
      const serialFacts = await text(page, 'block-facts');
      const serial = cliDocument(join(REPO, 'examples/triton-attention-forward.mlir'), ['--generator=serial', '--triton-latency']).blocks[0];
      assert(serialFacts.includes(`Triton latencies option: ${serial.triton.steered_ops} op`), `serial with the option: ${serialFacts}`);
      assert((await text(page, 'stage-story')).includes('as the Triton latencies option asks'), 'the story does not name the option');
      await page.selectOption('[data-testid="opt-generator"]', 'auto');
      // A loop the compaction shortened the crossings of, with Triton's stages moving 3 ops.
      await chooseExample(page, 'triton36-hopper-matmul');
      const matmul = cliDocument(join(REPO, 'examples/triton36-hopper-matmul.mlir'), ['--model=hopper-measured']).blocks[0];
      const c = matmul.compaction;
      assert(c.crossings_to < c.crossings_from, `the matmul's compaction cut no crossing: ${JSON.stringify(c)}`);
      assert((await text(page, 'stage-story')).includes(`from ${c.crossings_from} to ${c.crossings_to}`), `the compaction is not said: ${await text(page, 'stage-story')}`);
      // A loop with neither: nothing to say.
      await chooseExample(page, 'hopper-tma-wgmma-gemm');
      assert(await page.locator('[data-testid="stage-story"]').count() === 0, 'a stage story for a loop nothing changed');
    }],
  ];
}
