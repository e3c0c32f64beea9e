// Scheduler options: generator, what to compare with (another generator, target model, II cap or
// serial threshold, or the source pinned as it is now), target model (built-in or edited JSON),
// then every other option of the table (core/contract/options.json) with its own label and hint:
// numbers as fields, flags as checkboxes.
import { BUILTIN_MODELS, GENERATOR_CHOICES, OPTION_SPECS, optionValue, type GeneratorChoice, type OptionSpec, type ScheduleOptions } from '../engine/options';
import { h } from '../ui/dom';
import { COMPARED_OPTIONS, modelName, type CompareSpec } from '../model/compare';
import { tritonStagesApplied } from '../model/stages';
import type { Block } from '../engine/types';
import type { AppState, Store } from '../state/state';

// An option's label inside a sentence ("Serial threshold" -> "serial threshold", "II cap" stays).
const inText = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0].toLowerCase() + label.slice(1) : label);

// The option of the table a comparison changes, if any.
const comparedOption = (c: CompareSpec | null) => COMPARED_OPTIONS.find((spec) => c?.[spec.key] !== undefined);

// The comparison select's value for a spec: a generator's name, `model:<name>`,
// `option:<option key>` or `source`.
function compareChoice(c: CompareSpec | null): string {
  if (!c) return '';
  if (c.source !== undefined) return 'source';
  if (c.model !== undefined) return `model:${c.model}`;
  const spec = comparedOption(c);
  if (spec) return `option:${spec.key}`;
  return c.generator ?? '';
}

// `currentII`: the II shown now (0: none), from which "another II cap" starts one below.
export interface OptionsBar {
  el: HTMLElement;
  sync: () => void; // show the state's options again (after a change made elsewhere)
  showResult: (block: Block | null) => void; // the block shown now, for options its run overrides
}

export function renderOptionsBar(store: Store<AppState>, onEditModel: () => void, currentII: () => number = () => 0): OptionsBar {
  const setOptions = (patch: Partial<ScheduleOptions>) => store.update({ options: { ...store.get().options, ...patch } });

  const gen = h('select', { id: 'opt-generator', 'data-testid': 'opt-generator' },
    ...GENERATOR_CHOICES.map((g) => h('option', { value: g }, g)));
  gen.addEventListener('change', () => setOptions({ generator: gen.value as GeneratorChoice }));

  const cmp = h('select', { id: 'opt-compare', 'data-testid': 'opt-compare' },
    h('option', { value: '' }, 'nothing'),
    h('optgroup', { label: 'another generator' }, ...GENERATOR_CHOICES.map((g) => h('option', { value: g }, `generator ${g}`))),
    h('optgroup', { label: 'another target' },
      ...BUILTIN_MODELS.map((m) => h('option', { value: `model:${m}` }, modelName(m))),
      h('option', { value: 'model:custom' }, 'the edited model')),
    h('optgroup', { label: 'another option' },
      ...COMPARED_OPTIONS.map((spec) => h('option', { value: `option:${spec.key}` }, `another ${inText(spec.label)}`))),
    h('optgroup', { label: 'the source' }, h('option', { value: 'source' }, 'the source as it is now (pin it)')));
  // The other side's II cap or serial threshold.
  const cmpValue = h('input', { id: 'opt-compare-value', type: 'number', min: 0, step: 1, class: 'num-input', 'data-testid': 'opt-compare-value', hidden: true });
  const pinAgain = h('button', { type: 'button', 'data-testid': 'compare-repin', hidden: true, title: 'Compare with the source as it is now' }, 'Pin again');
  const setCompare = (compare: CompareSpec | null) => store.update({ compare });
  cmp.addEventListener('change', () => {
    const s = store.get();
    const v = cmp.value;
    if (v === '') setCompare(null);
    else if (v === 'source') setCompare({ source: s.source });
    else if (v === 'option:iiCap') setCompare({ iiCap: s.options.iiCap > 0 ? 0 : Math.max(1, currentII() - 1) });
    else if (v === 'option:serialThreshold') {
      const dflt = COMPARED_OPTIONS.find((spec) => spec.key === 'serialThreshold')?.default;
      setCompare({ serialThreshold: s.options.serialThreshold > 0 ? 0 : Number(dflt) });
    }
    else if (v === 'model:custom') {
      if (!s.options.modelJson) {
        onEditModel(); // the edited model does not exist yet
        cmp.value = compareChoice(s.compare);
        return;
      }
      setCompare({ model: 'custom', modelJson: s.options.modelJson });
    } else if (v.startsWith('model:')) setCompare({ model: v.slice('model:'.length) as CompareSpec['model'] });
    else setCompare({ generator: v as GeneratorChoice });
  });
  cmpValue.addEventListener('change', () => {
    const spec = comparedOption(store.get().compare);
    const v = spec && cmpValue.value.trim() !== '' ? optionValue(spec, Math.floor(Number(cmpValue.value))) : undefined;
    if (!spec || v === undefined) return void sync();
    setCompare({ [spec.key]: v });
  });
  pinAgain.addEventListener('click', () => setCompare({ source: store.get().source }));

  const model = h('select', { id: 'opt-model', 'data-testid': 'opt-model', title: 'The machine the loops are scheduled for: from the IR’s ttg.target (Blackwell when it names none), or a model picked here' },
    h('option', { value: 'ir' }, 'from the IR'),
    ...BUILTIN_MODELS.map((m) => h('option', { value: m }, m)),
    h('option', { value: 'custom' }, 'custom (edited JSON)'));
  model.addEventListener('change', () => {
    if (model.value === 'custom' && !store.get().options.modelJson) {
      onEditModel();
      model.value = store.get().options.model;
      return;
    }
    setOptions({ model: model.value as ScheduleOptions['model'] });
  });
  const edit = h('button', { type: 'button', 'data-testid': 'edit-model', title: 'Edit the target model as JSON' }, 'Edit…');
  edit.addEventListener('click', onEditModel);

  // A number field per int option: empty stands for the default when the option has a
  // placeholder (II cap: automatic); a checkbox per flag.
  const show = (spec: OptionSpec, v: number) => (spec.placeholder !== undefined && v === spec.default ? '' : String(v));
  const number = (spec: OptionSpec, id: string) => {
    const input = h('input', { id, type: 'number', min: spec.min ?? 0, step: 1, class: 'num-input', title: spec.hint, placeholder: spec.placeholder ?? '', 'data-testid': id });
    if (Number(spec.default) >= 1e6) input.classList.add('wide');
    input.addEventListener('change', () => {
      const v = input.value.trim() === '' && spec.placeholder !== undefined ? Number(spec.default) : Math.floor(Number(input.value));
      if (Number.isFinite(v) && v >= (spec.min ?? 0) && v <= (spec.max ?? Number.MAX_SAFE_INTEGER)) setOptions({ [spec.key]: v });
      else input.value = show(spec, store.get().options[spec.key] as number);
    });
    return input;
  };
  const checkbox = (spec: OptionSpec, id: string) => {
    const input = h('input', { id, type: 'checkbox', 'data-testid': id });
    input.addEventListener('change', () => setOptions({ [spec.key]: input.checked }));
    return input;
  };
  const label = (forId: string, text: string) => h('label', { for: forId }, text);
  const fields = OPTION_SPECS.filter((spec) => spec.type !== 'choice').map((spec) => {
    const id = 'opt-' + spec.flag.slice(2);
    const input = spec.type === 'int' ? number(spec, id) : checkbox(spec, id);
    const el = spec.type === 'int'
      ? h('span', { class: 'field' }, label(id, spec.label), input)
      : h('span', { class: 'field', title: spec.hint }, input, label(id, spec.label));
    return { spec, input, el };
  });
  // A cost-based schedule applies Triton's load stages whatever the option says (model/stages):
  // while one is shown, the box says so instead of sitting unticked and changing nothing.
  const triton = fields.find((f) => f.spec.key === 'tritonLatency');
  const tritonNote = h('span', { class: 'muted', 'data-testid': 'triton-latency-note', hidden: true }, ' (always, cost-based)');
  triton?.el.append(tritonNote);
  let shownBlock: Block | null = null;
  const showResult = (block: Block | null) => {
    shownBlock = block;
    if (!triton) return;
    const always = block !== null && tritonStagesApplied(block) === 'always';
    triton.input.disabled = always;
    triton.input.checked = always || store.get().options.tritonLatency;
    tritonNote.hidden = !always;
    triton.el.title = always ? 'Triton’s load stages were applied: a cost-based schedule always applies them; the option adds them to a serial one' : triton.spec.hint;
  };

  const el = h('div', { class: 'options-bar', role: 'group', 'aria-label': 'scheduler options' },
    h('span', { class: 'field' }, label('opt-generator', 'Generator'), gen),
    h('span', { class: 'field' }, label('opt-compare', 'Compare with'), cmp, cmpValue, pinAgain),
    h('span', { class: 'field' }, label('opt-model', 'Model'), model, edit),
    ...fields.map((f) => f.el),
  );

  const sync = () => {
    const s = store.get();
    gen.value = s.options.generator;
    cmp.value = compareChoice(s.compare);
    const compared = comparedOption(s.compare);
    cmpValue.hidden = compared === undefined;
    cmpValue.value = compared ? String(s.compare?.[compared.key]) : '';
    if (compared) {
      cmpValue.setAttribute('aria-label', `the other side’s ${inText(compared.label)}` + (compared.key === 'iiCap' ? ' (0: automatic)' : ''));
      cmpValue.title = compared.hint;
      cmpValue.max = String(compared.max ?? '');
    }
    pinAgain.hidden = s.compare?.source === undefined;
    // Comparing with what is shown already would mark nothing.
    for (const o of cmp.querySelectorAll('option')) {
      o.disabled = o.value === `model:${s.options.model}` || (o.value === 'model:custom' && s.options.model === 'custom');
    }
    model.value = s.options.model;
    for (const { spec, input } of fields) {
      const v = s.options[spec.key];
      if (typeof v === 'boolean') input.checked = v;
      else input.value = show(spec, v as number);
    }
    showResult(shownBlock);
  };
  sync();
  return { el, sync, showResult };
}
