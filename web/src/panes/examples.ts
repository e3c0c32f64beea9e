// The examples gallery: the snippets of examples/*.mlir, bundled as text. Each is named after
// its file; its leading comment block is the description, and a `// Run: tilesched FILE FLAGS`
// line in it gives the options the example is meant to be run with.
import { BUILTIN_MODELS, DEFAULT_OPTIONS, OPTION_SPECS, optionValue, setOption, type ScheduleOptions } from '../engine/options';
const files = import.meta.glob('../../../examples/*.mlir', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export interface Example {
  id: string; // file name without extension
  title: string;
  description: string;
}

export interface ExampleWithSource extends Example {
  source: string;
}

// The options of the example's `// Run:` line applied to the defaults, read with the option
// table's spellings; unknown flags and values out of range are ignored.
export function exampleOptions(source: string): ScheduleOptions {
  const o = { ...DEFAULT_OPTIONS };
  const run = /^\s*\/\/\s*Run:\s*tilesched\b(.*)$/m.exec(source);
  for (const arg of run?.[1].trim().split(/\s+/) ?? []) {
    const eq = arg.indexOf('=');
    const [flag, text] = eq < 0 ? [arg, undefined] : [arg.slice(0, eq), arg.slice(eq + 1)];
    if (flag === '--model' && (BUILTIN_MODELS as readonly string[]).includes(text ?? '')) o.model = text as ScheduleOptions['model'];
    const spec = OPTION_SPECS.find((s) => s.flag === flag);
    if (!spec) continue;
    const raw = spec.type === 'flag' ? text === undefined : spec.type === 'int' && text !== '' ? Number(text) : text;
    const value = optionValue(spec, raw);
    if (value !== undefined) setOption(o, spec.key, value);
  }
  return o;
}

// An example's header comment, as its tooltip: these files are written for the command line and
// for readers of the seeds, so their `Run:` line, seed citations and flags are left out.
function readerWords(comment: string): string {
  return comment
    .replace(/ ?Run: tilesched .*$/, '')
    .replace(/ ?\(seed \d{3}[^()]*\)/g, '')
    .replace(/`?--([a-z][a-z-]*)(?:=\S*?)?`?(?=[\s.,;)]|$)/g, (_, flag: string) => `the ${flag.split('-').join(' ')} option`);
}

export function describeExample(id: string, source: string): Example {
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    const m = /^\s*\/\/\s?(.*)$/.exec(line);
    if (!m) break;
    lines.push(m[1]);
  }
  const title = id.replace(/[-_]+/g, ' ').replace(/^./, (c) => c.toUpperCase());
  return { id, title, description: readerWords(lines.join(' ').replace(/\s+/g, ' ').trim()) };
}

export const EXAMPLES: ExampleWithSource[] = Object.entries(files)
  .map(([path, source]) => ({ ...describeExample(path.replace(/^.*\//, '').replace(/\.mlir$/, ''), source), source }))
  .sort((a, b) => a.id.localeCompare(b.id));

// The snippet a fresh playground opens with.
export const DEFAULT_EXAMPLE = EXAMPLES.find((e) => e.id === 'hopper-tma-wgmma-gemm') ?? EXAMPLES[0];
