// What the scheduler did to the stages after placing the ops, from the block's JSON: Triton's load
// stages (a cost-based schedule always applies them; a serial one with the Triton latencies
// option, docs/json-document.md `triton.steered_ops`) and the stage compaction (`compaction`).
// Moving ops by whole IIs can leave a stage number no op holds, which the JSON's stage_count
// counts; the page counts and shows only the stages that hold ops, keeping their numbers (the
// IR exports use them).
import type { Block } from '../engine/types';

export interface StageFacts {
  count: number; // stages holding at least one placed op
  empty: number[]; // stage numbers below the block's stage_count that hold no op
}

export function stageFacts(block: Block): StageFacts {
  const held = new Set(block.ops.filter((o) => o.stage >= 0).map((o) => o.stage));
  const empty: number[] = [];
  for (let s = 0; s < block.stage_count; s++) if (!held.has(s)) empty.push(s);
  return { count: held.size, empty };
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
  const { count, empty } = stageFacts(block);
  if (rule) {
    const moved = block.triton!.steered_ops!;
    const why = rule === 'always' ? 'as every cost-based schedule does' : 'as the Triton latencies option asks';
    const from = c?.ran ? c.stages_to : 0;
    const change = moved === 0 ? 'no op moved' : from > 0 && from !== count
      ? `${plural(moved, 'op')} moved to later stages by whole IIs, ${from} → ${count} stages`
      : `${plural(moved, 'op')} moved to later stages by whole IIs`;
    said.push(`Triton’s load stages were applied, ${why}: ${change}.`);
  }
  if (empty.length) {
    const numbers = empty.join(', ');
    said.push(`The ops sit in ${plural(count, 'stage')}: stage number${empty.length === 1 ? '' : 's'} ${numbers} hold${empty.length === 1 ? 's' : ''} no op and ${empty.length === 1 ? 'is' : 'are'} not counted.`);
  }
  return said;
}
