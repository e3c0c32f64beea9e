// A warp-specialized block's agents side by side: the warps each runs, what it does, the
// registers the split gives it, its ops, stages and the units it issues to (docs/decisions.md,
// "Each agent on its own share of the SM").
import type { Agent, Block } from '../engine/types';
import { h } from '../ui/dom';
import { expertWords } from '../ui/expert-words';
import { unitName, unitTitle } from '../model/units';

const ROLE: Record<Agent['role'], string> = {
  producer: 'producer: issues the copies',
  compute: 'compute',
  unassigned: '—',
};

const agentName = (a: Agent) => (a.name === 'default' ? 'default partition' : a.name);
const stages = (a: Agent) => (a.first_stage === a.last_stage ? `${a.first_stage}` : `${a.first_stage}–${a.last_stage}`);

export function renderAgents(block: Block): HTMLElement | null {
  if (!block.agents?.length) return null;
  const expert = expertWords();
  const opNames = (a: Agent) => a.ops.map((i) => block.ops[i]?.label || block.ops[i]?.name).join(', ');
  return h('section', { class: 'agents', 'data-testid': 'agents' },
    h('p', { class: 'agents-title' }, `Warp-specialized: ${block.agents.length} agents side by side`),
    h('table', { class: 'why-table' },
      h('thead', {}, h('tr', {}, ...['agent', 'role', 'warps', 'register limit per thread', 'ops', 'stages', 'units it issues to'].map((t) => h('th', {}, t)))),
      h('tbody', {}, ...block.agents.map((a) => h('tr', { 'data-testid': 'agent', 'data-agent': a.name },
        h('td', {}, agentName(a)),
        h('td', {}, ROLE[a.role]),
        h('td', { class: 'num', title: a.warps_stated ? 'as the IR states it' : 'not stated for this partition: the module’s warp count' },
          a.warps_stated ? `${a.warps}` : `${a.warps} (assumed)`),
        h('td', { class: 'num' }, a.max_regs ? `${a.max_regs}` : '—'),
        h('td', { class: 'num', title: opNames(a) }, `${a.ops.length}`),
        h('td', { class: 'num' }, stages(a)),
        h('td', {}, ...a.units.flatMap((u, k) => [k ? ', ' : '', h('span', { title: unitTitle(u) }, unitName(u, expert))])),
      )))));
}
