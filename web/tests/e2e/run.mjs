// End-to-end tests of the built playground in headless Chromium (playwright-core + Debian's
// chromium): the basic cases (basic.mjs) and real use (real-use.mjs: many embeds on one page,
// phones, big loops, cancel, keyboard and axe, page wording, untrusted links, transfer) and
// explaining the schedule (explain.mjs: dependence graph, gate trace, comparisons), exports,
// embeds and bugs (exports-embeds.mjs: Perfetto and Triton exports, Share → Embed snippets) and a
// kernel engineer's questions (why.mjs: the model, why this II, memory, plain words and the glossary)
// and the layout from a phone to a desktop (layout.mjs).
// Screenshots go to tests/artifacts/web/; figures to e2e-summary.json. Prints
// "e2e: N passed, N failed".
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { site } from './actions.mjs';
import { basicCases } from './basic.mjs';
import { explainCases } from './explain.mjs';
import { exportsEmbedsCases } from './exports-embeds.mjs';
import { ARTIFACTS, buildSite, requireWasm, runCases, startBrowser } from './harness.mjs';
import { layoutCases, splitterCase } from './layout.mjs';
import { realUseCases } from './real-use.mjs';
import { whyCases } from './why.mjs';

requireWasm();
await buildSite();
const { context, url, close } = await startBrowser();
site.url = url;
const metrics = {};
const cases = [...basicCases({ context, metrics }), ...realUseCases({ context, metrics }), ...explainCases(), ...exportsEmbedsCases(), ...whyCases(), ...layoutCases(), splitterCase()];

console.log(`e2e: ${url} (chromium, 1280x800)`);
// E2E_ONLY=<regular expression> runs the cases whose name matches it (for working on some cases).
const only = process.env.E2E_ONLY;
const { passed, failed } = await runCases(context, only ? cases.filter(([name]) => new RegExp(only).test(name)) : cases);
await close();

mkdirSync(ARTIFACTS, { recursive: true });
writeFileSync(join(ARTIFACTS, 'e2e-summary.json'), JSON.stringify({ passed, failed, metrics }, null, 2));
if (metrics.firstResultColdMs !== undefined) {
  console.log(`e2e: page load to first result: ${metrics.firstResultColdMs} ms cold, ${metrics.firstResultWarmMs} ms warm (headless Chromium)`);
}
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
