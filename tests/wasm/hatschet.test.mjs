// HatScheT's loops (CHStone + origami) natively and in WebAssembly: the same bytes, the exact II
// back end (CaDiCaL, docs/decisions.md "Exact II by SAT") included. Each loop is imported by the
// native tool, then scheduled with --generator=cost-based --emit=json by both; the CHStone loops
// the SAT back end changed that take under 10 s natively (bench/results/exact_ii.json) and every
// loop the record measured under 0.2 s run, so the solver's descent, climb and proofs are
// compared, not only the heuristics.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { assertSameRun, repo, requireBuilt, runInProcess, runNative, scratchDir, sharedDir } from './harness.mjs';

const root = path.join(sharedDir, 'benchmarks', 'hatschet');
const record = JSON.parse(readFileSync(path.join(repo, 'bench', 'results', 'exact_ii.json'), 'utf8'));

function loops() {
  const out = [];
  for (const r of record.loops) {
    const changed = r.ii !== null && r.ii !== r.heuristic_ii && r.wall_s < 10;
    if (!changed && r.wall_s >= 0.2) continue;
    const [program, graph] = r.loop.split('/');
    out.push({ name: `ChStone/${r.loop}`, graph: path.join(root, 'ChStone', program, `${graph}.graphml`),
      model: path.join(root, 'ChStone', program, `${graph}_RM.xml`), changed });
  }
  const origami = path.join(root, 'origami');
  for (const f of existsSync(origami) ? readdirSync(origami).filter((f) => f.endsWith('.graphml')).sort() : []) {
    const stem = f.slice(0, -'.graphml'.length);
    out.push({ name: `origami/${stem}`, graph: path.join(origami, f), model: path.join(origami, `${stem}RM.xml`) });
  }
  return out;
}

test('HatScheT loops: native and WebAssembly print the same bytes', { skip: !existsSync(root) && 'no ../shared/benchmarks/hatschet' }, async (t) => {
  requireBuilt();
  const all = loops();
  const dir = scratchDir();
  assert.ok(all.some((l) => l.changed), 'no loop the SAT back end changed in the record');
  for (const loop of all) {
    await t.test(loop.name, async () => {
      const imported = runNative(['import-hatschet', loop.graph, loop.model]);
      assert.equal(imported.status, 0, imported.stderr.toString());
      const file = path.join(dir, `${loop.name.replaceAll('/', '-')}.mlir`);
      writeFileSync(file, imported.stdout);
      const argv = [file, '--generator=cost-based', '--emit=json'];
      assertSameRun(runNative(argv), await runInProcess(argv), `${loop.name} ${argv.slice(1).join(' ')}`);
    });
  }
});
