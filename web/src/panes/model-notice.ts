// A model picked by hand that does not describe the IR's target: said above the results, with a
// one-click switch back to the model the IR's target picks. Whether they disagree, and which model
// the target picks, is the core's answer (JSON `chunks[].model.mismatch`, `target_model`).
import type { Block } from '../engine/types';
import { h } from '../ui/dom';
import { term } from './glossary';

export function renderModelNotice(block: Block, onFollowTarget: (() => void) | undefined): HTMLElement | null {
  const m = block.model;
  if (!m?.mismatch || !onFollowTarget) return null;
  const button = h('button', { type: 'button', class: 'primary', 'data-testid': 'follow-target' },
    m.target_model ? `Use ${m.target_model} (from the IR)` : 'Use the model from the IR');
  button.addEventListener('click', onFollowTarget);
  return h('div', { class: 'model-notice', role: 'status', 'data-testid': 'model-mismatch' },
    h('span', {}, 'The IR’s ', term('target'), ` is ${m.target}${m.target_model ? ` (${m.target_model})` : ''}, but this block was scheduled on `,
      h('strong', {}, m.name), ', picked under Options → Model. '),
    button);
}
