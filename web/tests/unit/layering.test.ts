// The playground's layering: panes are views of a block and never reach into the page around
// them (web/src/app/); what both need (DOM helpers, linking, windowing) lives in web/src/ui/.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

// Every module specifier of a TypeScript file: static imports and re-exports, `import('…')`.
export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) found.push(m[1]);
  return found;
}

// The files under `dir` (relative to web/src/) that import a module under `forbidden`.
function importersOf(dir: string, forbidden: string): string[] {
  const bad: string[] = [];
  for (const name of readdirSync(join(SRC, dir), { recursive: true }) as string[]) {
    if (!/\.tsx?$/.test(name)) continue;
    const file = join(SRC, dir, name);
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = relative(SRC, resolve(dirname(file), spec));
      if (target === forbidden || target.startsWith(`${forbidden}/`)) bad.push(`${relative(SRC, file)} imports ${spec}`);
    }
  }
  return bad;
}

describe('layering', () => {
  it('finds static, type-only and dynamic imports', () => {
    const text = "import { h } from '../app/dom';\nimport type { X } from \"../app/x\";\nexport { y } from './y';\nconst m = await import('../app/z');";
    expect(importsOf(text)).toEqual(['../app/dom', '../app/x', './y', '../app/z']);
  });

  it('no pane imports from app/', () => {
    expect(importersOf('panes', 'app')).toEqual([]);
  });

  it('the shared UI helpers import neither app/ nor panes/', () => {
    expect([...importersOf('ui', 'app'), ...importersOf('ui', 'panes')]).toEqual([]);
  });
});
