import { describe, expect, it } from 'vitest';
import { embedWords } from '../../src/app/embed-words';
import { control, remedyText } from '../../src/engine/wording';

describe('an embed’s words for the playground’s controls', () => {
  it('points to the full playground instead of Options, and calls a picked model the example’s', () => {
    expect(embedWords(`Raise ${control('work-budget')} to let the search go on.`)).toBe('Raise the search budget (in the full playground) to let the search go on.');
    expect(embedWords(`edit ${control('model')}`)).toBe('edit the target model (in the full playground)');
    expect(embedWords(remedyText([{ id: 'set_option', option: 'generator', value: 'cost-based' }, { id: 'lower_option', option: 'serial-threshold', value: 4 }])))
      .toBe('choose the cost-based generator in the full playground, or set the serial threshold in the full playground to 4 or lower');
    expect(embedWords('Blackwell, as picked under Options → Model (the IR targets sm_90)')).toBe('Blackwell, as picked for this example (the IR targets sm_90)');
    expect(embedWords('the Hopper model, picked under Options → Model. ')).toBe('the Hopper model, picked for this example. ');
    expect(embedWords("but Options → Model asks for 'hopper'")).toBe("but the model chosen for this example asks for 'hopper'");
  });
  it('leaves every other text alone', () => {
    for (const t of ['II 3 is the best possible', 'options', 'Open in playground ↗', '']) expect(embedWords(t)).toBe(t);
  });
});
