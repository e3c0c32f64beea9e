// Fuzzer for the WebAssembly bindings under Node (docs/fuzzing.md, `fuzz_wasm`): mutated sources,
// options JSON (valid, invalid, deeply nested, wrong types) and command lines through schedule()
// and runCli(). Properties: nothing is thrown out of the module; schedule() returns one JSON
// document of version 1 (wasm/tilesched.d.ts); runCli() returns exit 0, 1 or 2 and byte arrays;
// no internal error unless the input holds the words.
//
//   node tools/fuzz/fuzz_wasm.mjs [--seconds=S] [--runs=N] [--seed=N] [--artifacts=DIR] [--wasm-dir=DIR]
// Prints `stat::number_of_executed_units: N` (as libFuzzer does) and exits 1 on a violation,
// leaving the call that broke it in DIR/violation-<n>.json.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const flags = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const seconds = Number(flags.seconds ?? 60);
const runs = Number(flags.runs ?? Infinity);
const artifacts = path.resolve(flags.artifacts ?? path.join(repo, 'build-san', 'fuzz-artifacts', 'fuzz_wasm'));
process.env.TILESCHED_WASM_DIR = path.resolve(flags['wasm-dir'] ?? process.env.TILESCHED_WASM_DIR ?? path.join(repo, 'build-wasm', 'wasm'));
const { loadTilesched } = await import('../../wasm/cli.mjs');
const mod = await loadTilesched();

// xorshift32: a seeded, reproducible stream.
let state = Number(flags.seed ?? 20261122) >>> 0 || 1;
const rnd = () => ((state ^= state << 13), (state ^= state >>> 17), (state ^= state << 5), (state >>> 0) / 2 ** 32);
const int = (n) => Math.floor(rnd() * n);
const pick = (xs) => xs[int(xs.length)];

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}
const corpus = [
  ...filesUnder(path.join(repo, 'examples')),
  ...filesUnder(path.join(repo, 'tests', 'golden')).filter((f) => f.endsWith('.mlir')),
  ...filesUnder(path.join(repo, 'tests', 'fuzz-regressions')).filter((f) => !f.endsWith('.md')),
  ...filesUnder(path.join(repo, 'core', 'target', 'models')),
].map((f) => readFileSync(f));
const dictionary = ['scf.for', 'scf.yield', '%', '{', '}', '(', ')', '[', ']', '<', '>', ':', '=', ',', '"', '\n', '\r', '\r\n',
  '\ufeff', '\x1b[2J', 'sched.deps = [["%a", 1000000, 0]]', 'sched.latency = 100000 : i32', 'sched.footprint = [["tma"]]',
  'sched.ii_cap = 1 : i32', 'nv_tile.aws.ii = 1073741824 : i32', 'nv_tile.aws.stage = 5 : i32', 'sched.pools = {p = 2 : i32}',
  'tileas.schedule.constraint.max_depth = 1 : i32', 'nv_tileas.async.tiled_tma_load', '"name"', '"pools"', '"ops"', '[[', ']]'];

function mutate(bytes) {
  let b = Buffer.from(bytes);
  for (let n = 1 + int(4); n-- > 0;) {
    const at = int(b.length + 1);
    switch (int(7)) {
      case 0: if (b.length) b[int(b.length)] = int(256); break;
      case 1: b = Buffer.concat([b.subarray(0, at), b.subarray(Math.min(b.length, at + 1 + int(64)))]); break;
      case 2: b = Buffer.concat([b.subarray(0, at), Buffer.from(pick(dictionary)), b.subarray(at)]); break;
      case 3: { const other = pick(corpus); const from = int(other.length + 1); b = Buffer.concat([b.subarray(0, at), other.subarray(from, from + int(512)), b.subarray(at)]); break; }
      case 4: { const from = int(b.length + 1); const piece = b.subarray(from, from + 1 + int(200)); b = Buffer.concat([b.subarray(0, at), ...Array(1 + int(rnd() < 0.05 ? 2000 : 8)).fill(piece), b.subarray(at)]); break; }
      case 5: b = b.subarray(0, at); break;
      default: break;
    }
  }
  return b;
}

function nested(depth) {
  return '['.repeat(depth) + ']'.repeat(depth);
}

const OPTION_KEYS = ['generator', 'model', 'iiCap', 'maxConstraintIterations', 'check', 'trace', 'emit', 'serialThreshold',
  'workBudget', 'iiSearch', 'help', 'version', 'bogus', 'h', ''];
const VALUES = () => [true, false, null, 0, 1, -3, 2 ** 30, 2 ** 31, 1e300, 'auto', 'serial', 'cost-based', 'json', 'table', 'ir',
  'blackwell', 'hopper', 'galloping', 'linear', '{}', '{"name": "m"}', {}, { name: 'm', pools: [{ name: 'p', capacity: 2 }] },
  [1, 2], JSON.parse(nested(1 + int(40))), 'x'.repeat(int(3) ? 3 : 70000)];

function optionsText() {
  switch (int(8)) {
    case 0: return '';
    case 1: return '{"x":' + nested(int(2) ? 33 + int(100) : 5000 + int(100000)) + '}';
    case 2: return mutate(Buffer.from('{"iiCap": 4, "trace": true}')).toString('latin1');
    case 3: return pick(['[]', 'null', '1', '"s"', '{', '{"a":', '{}']);
    default: {
      const o = {};
      for (let n = int(4); n-- > 0;) o[pick(OPTION_KEYS)] = pick(VALUES());
      if (rnd() < 0.2) o.model = JSON.parse(pick(corpus.filter((c) => c[0] === 0x7b)).toString('utf8'));
      return JSON.stringify(o);
    }
  }
}

const ARGS = ['--emit=json', '--emit=table', '--emit=ir', '--emit=xml', '--trace', '--check', '--generator=cost-based',
  '--generator=serial', '--ii-cap=0', '--ii-cap=3', '--ii-cap=99999999999', '--work-budget=1000', '--model=hopper',
  '--model=p2.json', '--version', '--help', '-', 'p1.mlir', 'p2.json', 'missing', 'import-hatschet', 'p1.graphml', 'p2.xml',
  '--serial-threshold=1', '--max-constraint-iterations=1', '--\x1b[31m'];

function argument() {
  return rnd() < 0.9 ? pick(ARGS) : mutate(Buffer.from(pick(ARGS))).toString('latin1');
}

// The call under way, saved on a violation (also when the call throws).
let current = null;

// One call and its check: the violated property, or null.
function oneCall() {
  const source = mutate(pick(corpus));
  if (rnd() < 0.5) {
    const options = optionsText();
    const asBytes = rnd() < 0.2;
    const input = (current = { api: 'schedule', source: source.toString('latin1'), asBytes, options });
    const out = mod.schedule(asBytes ? new Uint8Array(source) : source.toString('latin1'), options);
    if (typeof out !== 'string') return `schedule() returned ${typeof out}`;
    let doc;
    try {
      doc = JSON.parse(out);
    } catch (e) {
      return `schedule() returned text that is not JSON: ${out.slice(0, 200)}`;
    }
    if (doc?.version !== 1 || !Array.isArray(doc.blocks) || !Array.isArray(doc.diagnostics)) return 'not a version 1 document';
    if (out.includes('internal error: ') && !(source.includes('internal error') || options.includes('internal error')))
      return `internal error: ${out.slice(0, 400)}`;
    return null;
  }
  const args = Array.from({ length: int(6) }, argument);
  const second = mutate(pick(corpus));
  const files = { 'p1.mlir': source, 'p1.graphml': source, 'p2.json': second, 'p2.xml': second };
  const how = int(4);
  const reader = how === 0 ? files : how === 1 ? (p, max) => (files[p] ? files[p].subarray(0, max) : null) : how === 2 ? () => 42 : null;
  const stdin = pick([undefined, null, source.toString('latin1'), new Uint8Array(source), 7]);
  const input = (current = { api: 'runCli', args, how, source: source.toString('latin1'), second: second.toString('latin1') });
  const r = mod.runCli(args, reader, stdin);
  if (![0, 1, 2].includes(r?.exitCode)) return `exit ${r?.exitCode}`;
  if (!(r.stdout instanceof Uint8Array) || !(r.stderr instanceof Uint8Array)) return 'stdout/stderr are not byte arrays';
  const text = Buffer.from(r.stdout).toString('latin1') + Buffer.from(r.stderr).toString('latin1');
  if (text.includes('internal error: ') && !JSON.stringify(input).includes('internal error')) return `internal error: ${text.slice(0, 400)}`;
  return null;
}

const deadline = Date.now() + seconds * 1000;
let executed = 0;
let violation = null;
while (executed < runs && Date.now() < deadline && !violation) {
  try {
    const why = oneCall();
    if (why) violation = { input: current, why };
  } catch (e) {
    violation = { input: current, why: `thrown into JavaScript: ${e?.stack ?? e}` };
  }
  ++executed;
}
console.log(`stat::number_of_executed_units: ${executed}`);
if (violation) {
  mkdirSync(artifacts, { recursive: true });
  const file = path.join(artifacts, `violation-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(violation, null, 1));
  console.log(`fuzz property violated: ${violation.why.slice(0, 2000)}\ninput: ${file}`);
  process.exit(1);
}
