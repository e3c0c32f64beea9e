// The hostile inputs (D1-D16) and the XML nesting behind quoted names (D17),
// regenerated from their descriptions: a few kilobytes to a megabyte that once crashed
// tilesched or made it spend gigabytes or minutes. Each reproducer is one command line of the
// native tool / npm bin (arguments + the files it names); the API-only ones (wasm schedule()
// options) are in tests/wasm/hostile.test.mjs.
//
//   node tests/hostile/reproducers.mjs DIR     writes the files and prints one command per line
import { closeSync, mkdirSync, openSync, ftruncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A HatScheT resource model with one resource every generated node uses.
const RESOURCE_MODEL =
  '<?xml version="1.0"?>\n<ModelInformation>\n  <Resources>\n' +
  '    <Resource blockingTime="1" latency="2" limit="1" name="Add" physicalDelay="0"/>\n' +
  '  </Resources>\n</ModelInformation>\n';

function graphml(nodes, edges) {
  let s = '<?xml version="1.0"?>\n<graphml>\n  <graph edgedefault="directed" id="">\n';
  for (const id of nodes)
    s += `    <node id="${id}">\n      <data key="name">${id}</data>\n      <data key="uses_resource">Add</data>\n    </node>\n`;
  for (const [src, dst, distance, delay] of edges)
    s += `    <edge id="${src}_${dst}" source="${src}" target="${dst}">\n      <data key="distance">${distance}</data>\n      <data key="delay">${delay}</data>\n    </edge>\n`;
  return s + '  </graph>\n</graphml>\n';
}

// A chain of `n` ops in one scf.for; each op depends on the previous one with `latency`
// (sched.deps, at most 1 000 000) or through its SSA operand (model latency) when latency is 0.
// `op` is arith.addf (latency 4, one fma_issue unit) or an op the model does not know (latency
// 1, no footprint: the chain then schedules at II 1 with one stage per op).
function chainLoop(n, latency, { attrs = '', op = 'arith.addf' } = {}) {
  let s = 'func.func @chain(%n: index, %x: f32) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n' +
    '  scf.for %i = %c0 to %n step %c1 {\n';
  let prev = '%x';
  for (let k = 0; k < n; ++k) {
    const deps = latency && k > 0 ? `{sched.deps = [["${prev}", ${latency}, 0]]${attrs}} ` : attrs ? `{${attrs.slice(2)}} ` : '';
    s += `    %v${k} = ${op} ${prev}, ${prev} ${deps}: f32\n`;
    prev = `%v${k}`;
  }
  return s + '    scf.yield\n  }\n  return\n}\n';
}

// Ids that differ only in characters the importer turns into '_' (base 3 over "-.+").
function clashingIds(n) {
  const ids = [];
  for (let i = 0; i < n; ++i) {
    let id = 'x';
    for (let v = i, d = 0; d < 10; ++d, v = Math.floor(v / 3)) id += '-.+'[v % 3];
    ids.push(id);
  }
  return ids;
}

// `ops` entries named op.n<i> (prefix patterns op.n<i>* when `prefix`), each holding pool
// p<i mod pools>.
function modelJson(ops, pools, { prefix = false } = {}) {
  const parts = ['{"name": "big", "pools": ['];
  for (let i = 0; i < pools; ++i) parts.push(`${i ? ',' : ''}{"name": "p${i}", "capacity": 2}`);
  parts.push('], "ops": {');
  for (let i = 0; i < ops; ++i)
    parts.push(`${i ? ',' : ''}"op.n${i}${prefix ? '*' : ''}": {"latency": 1, "footprint": [["p${i % Math.max(pools, 1)}"]]}`);
  parts.push('}}');
  return parts.join('');
}

// One scf.for of `n` ops op.n<k>.x (matched by the prefix patterns of modelJson), in a module
// whose sched.pools adds `pools` more pools.
function modelLoop(n, pools = 0) {
  let s = pools ? 'module attributes {sched.pools = {' + Array.from({ length: pools }, (_, i) => `q${i} = 1 : i32`).join(', ') + '}} {\n' : '';
  s += 'func.func @f(%n: index, %x: f32) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  scf.for %i = %c0 to %n step %c1 {\n';
  for (let k = 0; k < n; ++k) s += `    %v${k} = op.n${k}.x %x : f32\n`;
  return s + '    scf.yield\n  }\n  return\n}\n' + (pools ? '}\n' : '');
}

// A chain of `n` ops handing one async handle on (each result forwards the token it reads):
// the cost-based generator's II 1 over n stages gives every op a Pipe_ whose producers are the
// whole chain above it, before a ring round limits the hand-offs to 32 slots.
function handleChain(n) {
  let s = 'func.func @chain(%n: index, %x: !tok.token) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n' +
    '  scf.for %i = %c0 to %n step %c1 {\n';
  for (let k = 0; k < n; ++k) s += `    %v${k} = test.add ${k ? `%v${k - 1}` : '%x'} : (!tok.token) -> !tok.token\n`;
  return s + '    scf.yield\n  }\n  return\n}\n';
}

const SMALL_LOOP = chainLoop(3, 0);

// A model whose op op.wide holds a 1 024-row footprint, row k on slot k mod 64 (so no two
// neighbouring rows are equal and it folds into 1 024 runs), and a loop of `n` such ops.
function wideModel() {
  const slots = Array.from({ length: 64 }, (_, i) => `{"id": ${i + 1}, "name": "s${i}", "kind": "fine"}`);
  const rows = Array.from({ length: 1024 }, (_, k) => `["s${k % 64}"]`);
  return `{"name": "wide", "slots": [${slots.join(', ')}], "ops": {"op.wide": {"latency": 1, "footprint": [${rows.join(',')}], "traits": ["tma"]}}}\n`;
}
function wideLoop(n, attrs = '') {
  let s = 'func.func @f(%n: index, %x: f32) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  scf.for %i = %c0 to %n step %c1 {\n';
  for (let k = 0; k < n; ++k) s += `    %v${k} = ${attrs ? 'nv_tileas.async.tiled_tma_load' : 'op.wide'} %x ${attrs}: f32\n`;
  return s + '    scf.yield\n  }\n  return\n}\n';
}
// The same shape for the built-in model: sched.footprint rows cycling over its 24 slots.
const BUILTIN_SLOTS = ['issue', 'xu', 'xu64', 'fp32x2_fp16ultra', 'alu', 'alu_or_fmaheavy', 'dual_alu', 'lsu', 'tmem', 'mma',
  'tc_and_mma', 'tma', 'tp_gnic_rd', 'tp_gnic_wr', 'tp_smem_rd', 'tp_smem_wr', 'tp_tmem_rd', 'tp_tmem_wr', 'tp_mma', 'unknown',
  'omitted_simt', 'test_simt', 'test_mma', 'test_dma'];
const wideAttr = () => `{sched.footprint = [${Array.from({ length: 1024 }, (_, k) => `["${BUILTIN_SLOTS[k % BUILTIN_SLOTS.length]}"]`).join(', ')}]} `;

// `pools` pools of capacity 2^20 and op.fat holding all of them for 1 024 cycles, and 8
// independent such ops in a loop of 1 024 iterations: II 1, so an iteration starts every cycle.
// `nested` puts the loop in another, whose body then costs it laid out over its iterations.
function fatModel(pools) {
  const list = Array.from({ length: pools }, (_, i) => `{"name": "p${i}", "capacity": 1048576}`);
  const row = Array.from({ length: pools }, (_, i) => `"p${i}"`).join(',');
  return `{"name": "fat", "pools": [${list.join(', ')}], "ops": {"op.fat": {"latency": 1, "footprint": [{"row": [${row}], "repeat": 1024}], "traits": ["tma"]}}}\n`;
}
function fatLoop(nested) {
  let s = 'func.func @f(%n: index, %x: f32) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n' +
    '  %c1024 = arith.constant 1024 : index\n';
  if (nested) s += '  scf.for %j = %c0 to %n step %c1 {\n';
  s += '  scf.for %i = %c0 to %c1024 step %c1 {\n';
  for (let k = 0; k < 8; ++k) s += `    %v${k} = op.fat %x : f32\n`;
  s += '    scf.yield\n  }\n';
  if (nested) s += '    %w = op.fat %x : f32\n    scf.yield\n  }\n';
  return s + '  return\n}\n';
}

// Every reproducer: {id, what, args (file names relative to the directory), files: {name: bytes}}
// plus `sparse` files created with a size and no data, and `expect`, a pattern the stderr of
// both tools must match.
export function reproducers() {
  const list = [];
  const add = (id, what, args, files = {}, extra = {}) => list.push({ id, what, args, files, ...extra });

  add('D1', 'GraphML nesting hidden behind <![> from the depth pre-scan (import-hatschet)',
    ['import-hatschet', 'd1.graphml', 'rm.xml'],
    { 'd1.graphml': '<graphml><![>' + '<a>'.repeat(30000) + '</a>'.repeat(30000) + '</graphml>', 'rm.xml': RESOURCE_MODEL });
  add('D2', 'a loop of 31 ops with latency 1 000 000, --emit=json', ['d2.mlir', '--emit=json'],
    { 'd2.mlir': chainLoop(31, 1000000) });
  add('D3a', 'a 1 075-op chain with latency 1 000 000, cost-based', ['d3a.mlir', '--generator=cost-based'],
    { 'd3a.mlir': chainLoop(1075, 1000000) });
  add('D3b', 'a 2 149-op chain with latency 1 000 000, serial', ['d3b.mlir', '--generator=serial'],
    { 'd3b.mlir': chainLoop(2149, 1000000) });
  add('D4a', 'a 5 000-stage loop (a chain at II 1), --emit=json', ['d4a.mlir', '--generator=cost-based', '--emit=json'],
    { 'd4a.mlir': chainLoop(5000, 0, { op: 'test.add' }) });
  add('D4b', 'a 5 000-stage loop, --emit=ir', ['d4a.mlir', '--generator=cost-based', '--emit=ir'],
    { 'd4a.mlir': chainLoop(5000, 0, { op: 'test.add' }) });
  add('D4c', 'a 10 000-stage loop, --emit=json', ['d4c.mlir', '--generator=cost-based', '--emit=json'],
    { 'd4c.mlir': chainLoop(10000, 0, { op: 'test.add' }) });
  const unitAttrs = (n) => 'func.func @f() {\n  "test.op"() {' + Array.from({ length: n }, (_, i) => `a${i}`).join(', ') + '} : () -> ()\n  return\n}\n';
  add('D5a', 'one attribute dictionary with 200 000 unit attributes', ['d5a.mlir'], { 'd5a.mlir': unitAttrs(200000) });
  add('D5b', 'one attribute dictionary with 400 000 unit attributes', ['d5b.mlir'], { 'd5b.mlir': unitAttrs(400000) });
  add('D6a', 'a model JSON with 40 000 ops', ['small.mlir', '--model=d6a.json'], { 'small.mlir': SMALL_LOOP, 'd6a.json': modelJson(40000, 1) });
  add('D6b', 'a model JSON with 200 000 pools', ['small.mlir', '--model=d6b.json'], { 'small.mlir': SMALL_LOOP, 'd6b.json': modelJson(1, 200000) });
  add('D6c', 'a model JSON with 10^6 op entries', ['small.mlir', '--model=d6c.json'], { 'small.mlir': SMALL_LOOP, 'd6c.json': modelJson(1000000, 1) });
  add('D6d', 'a model of 4 000 pools and 4 000 prefix patterns, a loop of 4 000 ops matching them', ['d6d.mlir', '--model=d6d.json', '--generator=cost-based'],
    { 'd6d.mlir': modelLoop(4000), 'd6d.json': modelJson(4000, 4000, { prefix: true }) });
  add('D6e', 'a model JSON with 5 000 pools (past the member limit)', ['small.mlir', '--model=d6e.json'], { 'small.mlir': SMALL_LOOP, 'd6e.json': modelJson(1, 5000) });
  add('D6f', 'sched.pools with 200 000 entries', ['d6f.mlir'], { 'd6f.mlir': modelLoop(3, 200000) });
  add('D7a', 'a 2 GiB input file (sparse, all zero bytes)', ['d7.mlir'], {}, { sparse: { 'd7.mlir': 2 ** 31 } });
  add('D7b', '/dev/zero as the input', ['/dev/zero']);
  add('D7c', '/dev/zero as the model file', ['small.mlir', '--model=/dev/zero'], { 'small.mlir': SMALL_LOOP });
  add('D8', 'GraphML with 30 000 node ids that sanitize to the same name', ['import-hatschet', 'd8.graphml', 'rm.xml'],
    { 'd8.graphml': graphml(clashingIds(30000), []), 'rm.xml': RESOURCE_MODEL });
  const broken = 'func.func @f() {\n  %x = arith.addf %y, %y : f32 }}}\n  return\n}\n';
  add('D9a', 'CR-only line ends: a // comment, then a syntax error', ['d9a.mlir'], { 'd9a.mlir': ('// a comment\n' + broken).replace(/\n/g, '\r') });
  add('D9b', 'CRLF line ends: the same input', ['d9b.mlir'], { 'd9b.mlir': ('// a comment\n' + broken).replace(/\n/g, '\r\n') });
  add('D9c', 'a UTF-8 byte order mark before a valid loop', ['d9c.mlir'], { 'd9c.mlir': '\ufeff' + SMALL_LOOP });
  add('D10a', 'an empty model file', ['small.mlir', '--model=d10a.json'], { 'small.mlir': SMALL_LOOP, 'd10a.json': '' });
  add('D10b', 'a model file holding {}', ['small.mlir', '--model=d10b.json'], { 'small.mlir': SMALL_LOOP, 'd10b.json': '{}' });
  add('D11', '--check with a pinned nv_tile.aws.ii = 1073741824', ['d11.mlir', '--check'], {
    'd11.mlir': 'func.func @f(%n: index, %x: f32) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n' +
      '  scf.for %i = %c0 to %n step %c1 {\n' +
      '    %a = arith.addf %x, %x {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32} : f32\n' +
      '    %b = arith.addf %a, %a {nv_tile.aws.stage = 1 : i32, nv_tile.aws.order = 0 : i32} : f32\n' +
      '    scf.yield\n  } {nv_tile.aws.ii = 1073741824 : i32}\n  return\n}\n',
  });
  add('D12', 'GraphML with a negative delay', ['import-hatschet', 'd12.graphml', 'rm.xml'],
    { 'd12.graphml': graphml(['a', 'b'], [['a', 'b', 0, -5]]), 'rm.xml': RESOURCE_MODEL });
  const esc = '\x1b[2J\x1b[31m\x07';
  add('D13a', 'control bytes in a label (table output)', ['d13.mlir'], {
    'd13.mlir': chainLoop(2, 0).replace('    scf.yield', `    "t.store"(%v1) {sched.label = "L${esc}"} : (f32) -> ()\n    scf.yield`),
  });
  add('D13b', 'control bytes in a diagnostic (unknown slot)', ['d13b.mlir'], {
    'd13b.mlir': chainLoop(2, 0).replace('%v1 = arith.addf %v0, %v0 :', `%v1 = arith.addf %v0, %v0 {sched.footprint = [["s${esc}"]]} :`),
  });
  add('D14a', 'two inputs with --emit=json', ['small.mlir', 'small.mlir', '--emit=json'], { 'small.mlir': SMALL_LOOP });
  add('D14b', '--version --emit=json', ['--version', '--emit=json']);
  add('D14c', '--help --emit=json', ['--help', '--emit=json']);
  add('D14d', 'import-hatschet --emit=json', ['import-hatschet', 'd14.graphml', 'rm.xml', '--emit=json'],
    { 'd14.graphml': graphml(['a', 'b'], [['a', 'b', 0, 1]]), 'rm.xml': RESOURCE_MODEL });
  add('D15a', 'stdout is /dev/full', ['small.mlir'], { 'small.mlir': SMALL_LOOP }, { stdout: '/dev/full' });
  add('D15b', 'stdout is a pipe closed after the first line', ['d4a.mlir', '--generator=cost-based', '--emit=json'],
    { 'd4a.mlir': chainLoop(5000, 0, { op: 'test.add' }) }, { stdout: 'head -1' });
  add('D18a', 'a 9-op loop whose model footprints are 1 024 rows, each on another slot', ['d18a.mlir', '--model=d18.json'],
    { 'd18a.mlir': wideLoop(9), 'd18.json': wideModel() });
  add('D18b', 'the same with 12 ops', ['d18b.mlir', '--model=d18.json'], { 'd18b.mlir': wideLoop(12), 'd18.json': wideModel() });
  add('D18c', 'the same 12 ops as IR for the built-in model (sched.footprint)', ['d18c.mlir'], { 'd18c.mlir': wideLoop(12, wideAttr()) });
  add('D19a', 'an 8-op loop at II 1 over 1 024 stages, a model of 64 pools each op holds 1 024 cycles', ['d19a.mlir', '--model=d19.json'],
    { 'd19a.mlir': fatLoop(false), 'd19.json': fatModel(64) });
  add('D19b', 'the same loop nested in another: its footprint is laid out for the outer one', ['d19b.mlir', '--model=d19.json'],
    { 'd19b.mlir': fatLoop(true), 'd19.json': fatModel(64) });
  add('D20', 'a 10 000-op dependence chain, --emit=json', ['d20.mlir', '--emit=json'], { 'd20.mlir': chainLoop(10000, 0, { op: 'arith.addf' }) });
  add('D21', 'a 10 000-op chain handing one async handle on, cost-based, --emit=json', ['d21.mlir', '--generator=cost-based', '--emit=json'],
    { 'd21.mlir': handleChain(10000) });
  // A quote in an attribute name, which the XML reader refuses where it stands: it once hid the
  // nesting behind it from a depth pre-scan, and the parser recursed 10^5 levels (SIGSEGV
  // natively, RangeError in the npm bin).
  const quoteInName = (root, perLevel) => {
    const n = 100000;
    const open = perLevel ? '<a b"="x">'.repeat(n) : '<a b"="x">' + '<a>'.repeat(n);
    return `<${root}>${open}${'</a>'.repeat(perLevel ? n : n + 1)}</${root}>\n`;
  };
  const quoteError = (file, col) => new RegExp(`^${file}:1:${col}: error: malformed XML: expected '=' after the attribute name 'b', found '"'$`, 'm');
  add('D17a', 'GraphML: a quote in an attribute name, then 10^5 levels of nesting', ['import-hatschet', 'd17a.graphml', 'rm.xml'],
    { 'd17a.graphml': quoteInName('graphml', false), 'rm.xml': RESOURCE_MODEL }, { expect: quoteError('d17a\\.graphml', 14) });
  add('D17b', 'GraphML: a quote in an attribute name at each of 10^5 levels', ['import-hatschet', 'd17b.graphml', 'rm.xml'],
    { 'd17b.graphml': quoteInName('graphml', true), 'rm.xml': RESOURCE_MODEL }, { expect: quoteError('d17b\\.graphml', 14) });
  add('D17c', 'resource model: a quote in an attribute name, then 10^5 levels of nesting', ['import-hatschet', 'd14.graphml', 'd17c.xml'],
    { 'd14.graphml': graphml(['a', 'b'], [['a', 'b', 0, 1]]), 'd17c.xml': quoteInName('ModelInformation', false) },
    { expect: quoteError('d17c\\.xml', 23) });
  return list;
}

// Writes the files of every reproducer under `dir` (sparse files with ftruncate).
export function writeReproducers(dir) {
  mkdirSync(dir, { recursive: true });
  const list = reproducers();
  for (const r of list) {
    for (const [name, bytes] of Object.entries(r.files)) writeFileSync(path.join(dir, name), bytes);
    for (const [name, size] of Object.entries(r.sparse ?? {})) {
      const fd = openSync(path.join(dir, name), 'w');
      ftruncateSync(fd, size);
      closeSync(fd);
    }
  }
  return list;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node tests/hostile/reproducers.mjs DIR');
    process.exit(2);
  }
  for (const r of writeReproducers(dir))
    console.log(`${r.id}\t${r.args.join(' ')}${r.stdout ? `\t${r.stdout}` : ''}\t# ${r.what}`);
}
