// The examples gallery: the snippets of examples/*.mlir, bundled as text. Each is named after
// its file; its leading comment block is the description.
const files = import.meta.glob('../../../examples/*.mlir', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export interface Example {
  id: string; // file name without extension
  title: string;
  description: string;
}

export interface ExampleWithSource extends Example {
  source: string;
}

export function describeExample(id: string, source: string): Example {
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    const m = /^\s*\/\/\s?(.*)$/.exec(line);
    if (!m) break;
    lines.push(m[1]);
  }
  const title = id.replace(/[-_]+/g, ' ').replace(/^./, (c) => c.toUpperCase());
  return { id, title, description: lines.join(' ').replace(/\s+/g, ' ').trim() };
}

export const EXAMPLES: ExampleWithSource[] = Object.entries(files)
  .map(([path, source]) => ({ ...describeExample(path.replace(/^.*\//, '').replace(/\.mlir$/, ''), source), source }))
  .sort((a, b) => a.id.localeCompare(b.id));

// The snippet a fresh playground opens with.
export const DEFAULT_EXAMPLE = EXAMPLES.find((e) => e.id === 'hopper-tma-wgmma-gemm') ?? EXAMPLES[0];
