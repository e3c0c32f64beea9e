// The built-in models' units in plain words: a name a kernel engineer reads without the seed
// tables, and one line of what the unit is (docs/decisions.md, "Unit names in plain words"). The
// model's own name stays one hover (or the expert view) away. Meanings follow the slot table of
// the facts sheet (§1.1) and the pool roles of core/target/models/*.json.
export interface UnitWords {
  plain: string;
  meaning: string;
}

export const UNIT_WORDS: Readonly<Record<string, UnitWords>> = {
  issue: { plain: 'instruction issue', meaning: 'the issue port every instruction of a warp passes through' },
  xu: { plain: 'special-function unit', meaning: 'transcendentals and conversions (the SFU)' },
  xu64: { plain: '64-bit special-function unit', meaning: 'the SFU’s 64-bit variant' },
  fp32x2_fp16ultra: { plain: 'packed-math issue', meaning: 'issue of paired FP32 and packed FP16 arithmetic' },
  alu: { plain: 'ALU', meaning: 'the scalar integer and logic unit' },
  alu_or_fmaheavy: { plain: 'ALU-or-FMA issue', meaning: 'the issue group that ALU and heavy FMA arithmetic share' },
  dual_alu: { plain: 'dual ALU', meaning: 'the second ALU datapath' },
  lsu: { plain: 'load/store unit', meaning: 'loads and stores through registers (LSU)' },
  tmem: { plain: 'tensor memory', meaning: 'Blackwell’s tensor-memory unit' },
  mma: { plain: 'matrix-multiply unit', meaning: 'the tensor cores’ MMA family' },
  tc_and_mma: { plain: 'tensor-core issue', meaning: 'the tensor cores’ issue stage: one MMA at a time' },
  tma: { plain: 'TMA copy engine', meaning: 'the tensor memory accelerator that copies tiles between global and shared memory' },
  tp_gnic_rd: { plain: 'interconnect read port', meaning: 'reads over the SM’s general interconnect' },
  tp_gnic_wr: { plain: 'interconnect write port', meaning: 'writes over the SM’s general interconnect' },
  tp_smem_rd: { plain: 'shared-memory read port', meaning: 'the path tiles take out of shared memory' },
  tp_smem_wr: { plain: 'shared-memory write port', meaning: 'the path tiles take into shared memory' },
  tp_tmem_rd: { plain: 'tensor-memory read port', meaning: 'the path data takes out of tensor memory' },
  tp_tmem_wr: { plain: 'tensor-memory write port', meaning: 'the path data takes into tensor memory' },
  tp_mma: { plain: 'tensor-core operand port', meaning: 'the path an MMA’s operands take to the tensor cores' },
  unknown: { plain: 'unclassified', meaning: 'what an op the model does not classify holds' },
  omitted_simt: { plain: 'left-out thread op', meaning: 'a per-thread op the model leaves out on purpose' },
  test_simt: { plain: 'self-test (thread ops)', meaning: 'a row the scheduler’s own tests use' },
  test_mma: { plain: 'self-test (MMA)', meaning: 'a row the scheduler’s own tests use' },
  test_dma: { plain: 'self-test (copies)', meaning: 'a row the scheduler’s own tests use' },
  tmem_banks: { plain: 'tensor-memory banks', meaning: 'tensor-memory bank pressure within one iteration' },
  fma_issue: { plain: 'FMA issue width', meaning: 'how many ALU-or-heavy-FMA ops issue in one cycle' },
  alu_issue: { plain: 'ALU issue width', meaning: 'how many dual-ALU ops issue in one cycle' },
  named_barriers: { plain: 'named barriers', meaning: 'named-barrier handoffs in flight in one cycle' },
  reg_bank_pairs: { plain: 'register-bank pairs', meaning: 'register-bank pairing' },
};

// A warp-specialized loop gives each agent its own copy of the per-warp units, named after the
// agent: `fma_issue (partition 1)`, `issue (default)` (docs/decisions.md, "Each agent on its own
// share of the SM").
const AGENT_COPY = /^(.+) \((default|partition -?\d+)\)$/;

function wordsOf(name: string): { words: UnitWords; agent?: string } | undefined {
  if (UNIT_WORDS[name]) return { words: UNIT_WORDS[name] };
  const m = AGENT_COPY.exec(name);
  if (!m || !UNIT_WORDS[m[1]]) return undefined;
  return { words: UNIT_WORDS[m[1]], agent: m[2] === 'default' ? 'default partition' : m[2] };
}

// A unit as the page shows it: its plain name, or its own name in the expert view or when no
// plain name is known (a custom model's own units).
export function unitName(name: string, expert: boolean): string {
  const w = expert ? undefined : wordsOf(name);
  if (!w) return name;
  return w.agent ? `${w.words.plain} (${w.agent})` : w.words.plain;
}

// The tooltip of a unit: what it is, with the model's name for it.
export function unitTitle(name: string): string {
  const w = wordsOf(name);
  if (!w) return name;
  const whose = w.agent ? `, the ${w.agent}'s own copy` : '';
  return `${w.words.plain}: ${w.words.meaning}${whose} (the model calls it ${name})`;
}

// Unit names inside a sentence of the core. A name that is an everyday word or an acronym (tma,
// issue) is a unit only where the core quotes it ('tma'); the others are replaced wherever they
// stand alone, never inside an op or value name (tiled_tma_load, %lsu).
const DISTINCT = Object.keys(UNIT_WORDS).filter((n) => /[_\d]/.test(n) || n === 'xu' || n === 'lsu').sort((a, b) => b.length - a.length);
const BARE = new RegExp(`(?<![\\w.%@$#-])(${DISTINCT.join('|')})(?![\\w-])`, 'g');
const QUOTED = new RegExp(`'(${Object.keys(UNIT_WORDS).join('|')})'`, 'g');

export function plainUnits(text: string, expert: boolean): string {
  if (expert) return text;
  return text.replace(QUOTED, (_, n: string) => UNIT_WORDS[n].plain).replace(BARE, (n) => UNIT_WORDS[n].plain);
}
