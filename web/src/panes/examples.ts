// The examples gallery: the snippets of examples/*.mlir, bundled as text. Each is named after
// its file; its leading comment block is the description, and a `// Run: tilesched FILE FLAGS`
// line in it gives the options the example is meant to be run with.
import { peopleText } from '../engine/wording';
import { BUILTIN_MODELS, DEFAULT_OPTIONS, GENERATOR_CHOICES, type ScheduleOptions } from '../engine/options';
const files = import.meta.glob('../../../examples/*.mlir', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export interface Example {
  id: string; // file name without extension
  title: string;
  description: string;
}

export interface ExampleWithSource extends Example {
  source: string;
}

// The options of the example's `// Run:` line applied to the defaults; unknown flags are ignored.
export function exampleOptions(source: string): ScheduleOptions {
  const o = { ...DEFAULT_OPTIONS };
  const run = /^\s*\/\/\s*Run:\s*tilesched\b(.*)$/m.exec(source);
  for (const flag of run?.[1].trim().split(/\s+/) ?? []) {
    const [name, value = ''] = flag.split('=');
    const n = Number(value);
    if (name === '--generator' && (GENERATOR_CHOICES as readonly string[]).includes(value)) o.generator = value as ScheduleOptions['generator'];
    else if (name === '--model' && (BUILTIN_MODELS as readonly string[]).includes(value)) o.model = value as ScheduleOptions['model'];
    else if (name === '--ii-cap' && Number.isInteger(n) && n >= 0) o.iiCap = n;
    else if (name === '--max-constraint-iterations' && Number.isInteger(n) && n >= 0) o.maxConstraintIterations = n;
    else if (name === '--work-budget' && Number.isInteger(n) && n > 0) o.workBudget = n;
    else if (name === '--serial-threshold' && Number.isInteger(n) && n >= 0) o.serialThreshold = n;
    else if (name === '--triton-latency') o.tritonLatency = true;
    else if (name === '--check') o.check = true;
  }
  return o;
}

export function describeExample(id: string, source: string): Example {
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    const m = /^\s*\/\/\s?(.*)$/.exec(line);
    if (!m) break;
    lines.push(m[1]);
  }
  const title = id.replace(/[-_]+/g, ' ').replace(/^./, (c) => c.toUpperCase());
  return { id, title, description: peopleText(lines.join(' ').replace(/\s+/g, ' ').trim()) };
}

export const EXAMPLES: ExampleWithSource[] = Object.entries(files)
  .map(([path, source]) => ({ ...describeExample(path.replace(/^.*\//, '').replace(/\.mlir$/, ''), source), source }))
  .sort((a, b) => a.id.localeCompare(b.id));

// The snippet a fresh playground opens with.
export const DEFAULT_EXAMPLE = EXAMPLES.find((e) => e.id === 'hopper-tma-wgmma-gemm') ?? EXAMPLES[0];
