// Seeded random scf.for loops written with the override attributes of SPEC §2.1
// (sched.latency / sched.footprint / sched.deps / sched.label) over the built-in Blackwell slot
// names, plus the odd constraint attribute. They need not be schedulable: distance-0 cycles,
// unknown labels and conflicting footprints are inputs too, and both builds must agree on them.

const SLOTS = ['tma', 'tp_smem_wr', 'tp_smem_rd', 'tc_and_mma', 'tp_tmem_rd', 'tp_tmem_wr', 'tp_mma',
  'alu_or_fmaheavy', 'dual_alu', 'fp32x2_fp16ultra', 'tp_gnic_rd'];
const OP_NAMES = ['nv_tileas.async.tiled_tma_load', 'nv_tileas.async.smem_write', 'nv_tileas.async.smem_read',
  'nv_tileas.async.wgmma', 'arith.addf', 'arith.mulf', 'test.compute'];
const TYPE = 'tensor<64x64xf16>';

// mulberry32: small, fast, and the same sequence on every machine.
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomLoop(seed) {
  const rnd = mulberry32(seed);
  const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = (xs) => xs[int(0, xs.length - 1)];
  const chance = (p) => rnd() < p;

  const nOps = int(1, 12);
  const nCarried = int(0, 2);
  const hasResult = Array.from({ length: nOps }, () => chance(0.75));
  const ref = (i) => (hasResult[i] ? `"%v${i}"` : `"@s${i}"`);
  const carried = Array.from({ length: nCarried }, (_, j) => `%acc${j}`);

  const lines = [];
  const available = ['%in', ...carried];
  for (let i = 0; i < nOps; ++i) {
    const operands = Array.from({ length: int(0, 2) }, () => pick(available));
    const attrs = [];
    if (chance(0.6)) attrs.push(`sched.latency = ${int(0, 6)} : i32`);
    if (chance(0.6)) {
      const rows = Array.from({ length: int(1, 3) }, () =>
        `[${Array.from({ length: int(0, 2) }, () => `"${pick(SLOTS)}"`).join(', ')}]`);
      attrs.push(`sched.footprint = [${rows.join(', ')}]`);
    }
    if (chance(0.3)) {
      const deps = Array.from({ length: int(1, 2) }, () => `[${ref(int(0, nOps - 1))}, ${int(0, 4)}, ${int(0, 2)}]`);
      attrs.push(`sched.deps = [${deps.join(', ')}]`);
    }
    if (chance(0.1)) attrs.push(`tileas.schedule.constraint.gid = ${int(0, 3)} : i32`);
    if (chance(0.05)) attrs.push(`tileas.schedule.constraint.leader_gid = ${int(0, 3)} : i32`);
    if (chance(0.03)) attrs.push('tileas.schedule.constraint.force_serial_execution');
    const name = pick(OP_NAMES);
    if (hasResult[i]) {
      const dict = attrs.length ? ` {${attrs.join(', ')}}` : '';
      lines.push(`      %v${i} = ${name} ${operands.join(', ')}${dict} : ${TYPE}`);
      available.push(`%v${i}`);
    } else {
      attrs.unshift(`sched.label = "s${i}"`);
      const types = operands.map(() => TYPE).join(', ');
      lines.push(`      "${name}"(${operands.join(', ')}) {${attrs.join(', ')}} : (${types}) -> ()`);
    }
  }

  const iterArgs = carried.length ? ` iter_args(${carried.map((c) => `${c} = %in`).join(', ')}) -> (${carried.map(() => TYPE).join(', ')})` : '';
  const results = ['', '%r = '][carried.length] ?? `%r:${carried.length} = `;
  const yielded = carried.map(() => pick(available));
  const yieldLine = yielded.length ? `      scf.yield ${yielded.join(', ')} : ${yielded.map(() => TYPE).join(', ')}` : '      scf.yield';
  return [
    `// random loop, seed ${seed}`,
    'module {',
    `  func.func @loop_${seed}(%in: ${TYPE}) {`,
    '    %c0 = arith.constant 0 : index',
    '    %c1 = arith.constant 1 : index',
    `    %n = arith.constant ${int(1, 64)} : index`,
    `    ${results}scf.for %k = %c0 to %n step %c1${iterArgs} {`,
    ...lines,
    yieldLine,
    '    }',
    '    return',
    '  }',
    '}',
    '',
  ].join('\n');
}
