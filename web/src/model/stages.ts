// What the scheduler did to the stages after placing the ops, from the block's JSON: the stage
// compaction (`compaction`) and Triton's load stages (a cost-based schedule always applies them; a
// serial one with the Triton latencies option, docs/json-document.md `triton.steered_ops`).
// Moving ops by whole IIs can leave a stage in which no op is issued; it still counts, since the
// stage count is the pipeline's depth (an op of stage s starts s IIs into its iteration), so the
// page says why it issues nothing instead of showing it bare.
import type { Block } from '../engine/types';

// The stage numbers below the block's stage_count in which no op is issued.
export function stagesWithoutOps(block: Block): number[] {
  const held = new Set(block.ops.filter((o) => o.stage >= 0).map((o) => o.stage));
  const empty: number[] = [];
  for (let s = 0; s < block.stage_count; s++) if (!held.has(s)) empty.push(s);
  return empty;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

// Whether Triton's load stages were applied to this block, and by which rule.
export function tritonStagesApplied(block: Block): 'always' | 'option' | null {
  if (block.triton?.steered_ops == null) return null;
  return block.generator === 'cost-based' ? 'always' : 'option';
}

// One sentence per thing the scheduler did to the stages, in the order it did them: compaction
// (right after the II search), then Triton's load stages, then what they left empty.
export function stageStory(block: Block): string[] {
  if (block.status === 'failed') return [];
  const said: string[] = [];
  const c = block.compaction;
  if (c?.ran && c.stages_to < c.stages_from) {
    said.push(`Stage compaction removed ${plural(c.stages_from - c.stages_to, 'stage')}: ${c.stages_from} → ${c.stages_to}.`);
  } else if (c?.ran && c.crossings_to < c.crossings_from) {
    said.push(`Stage compaction kept ${plural(c.stages_to, 'stage')} and cut the values crossing a stage boundary from ${c.crossings_from} to ${c.crossings_to}.`);
  }
  const rule = tritonStagesApplied(block);
  if (rule) {
    const moved = block.triton!.steered_ops!;
    const why = rule === 'always' ? 'as every cost-based schedule does' : 'as the Triton latencies option asks';
    const from = c?.ran ? c.stages_to : 0;
    const change = moved === 0 ? 'no op moved' : from > 0 && from !== block.stage_count
      ? `${plural(moved, 'op')} moved to later stages by whole IIs, ${from} → ${block.stage_count} stages`
      : `${plural(moved, 'op')} moved to later stages by whole IIs`;
    said.push(`Triton’s load stages were applied, ${why}: ${change}.`);
  }
  const empty = stagesWithoutOps(block);
  if (empty.length) {
    const one = empty.length === 1;
    said.push(`Stage${one ? '' : 's'} ${empty.join(', ')} issue${one ? 's' : ''} no op yet count${one ? 's' : ''} toward the ${block.stage_count}: ` +
      'an op of stage s starts s IIs into its iteration, so the stages measure how deep the pipeline is.');
  }
  return said;
}
