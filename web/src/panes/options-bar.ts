// Scheduler options: generator, a second generator to compare with, target model (built-in or
// edited JSON), then every other option of the table (core/contract/options.json) with its own
// label and hint: numbers as fields, flags as checkboxes.
import { BUILTIN_MODELS, GENERATOR_CHOICES, OPTION_SPECS, type GeneratorChoice, type OptionSpec, type ScheduleOptions } from '../engine/options';
import { h } from '../app/dom';
import type { AppState, Store } from '../state/state';

export function renderOptionsBar(store: Store<AppState>, onEditModel: () => void): { el: HTMLElement; sync: () => void } {
  const setOptions = (patch: Partial<ScheduleOptions>) => store.update({ options: { ...store.get().options, ...patch } });

  const gen = h('select', { id: 'opt-generator', 'data-testid': 'opt-generator' },
    ...GENERATOR_CHOICES.map((g) => h('option', { value: g }, g)));
  gen.addEventListener('change', () => setOptions({ generator: gen.value as GeneratorChoice }));

  const cmp = h('select', { id: 'opt-compare', 'data-testid': 'opt-compare' },
    h('option', { value: '' }, 'no other generator'),
    ...GENERATOR_CHOICES.map((g) => h('option', { value: g }, g)));
  cmp.addEventListener('change', () => store.update({ compare: (cmp.value || null) as GeneratorChoice | null }));

  const model = h('select', { id: 'opt-model', 'data-testid': 'opt-model' },
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

  const el = h('div', { class: 'options-bar', role: 'group', 'aria-label': 'scheduler options' },
    h('span', { class: 'field' }, label('opt-generator', 'Generator'), gen),
    h('span', { class: 'field' }, label('opt-compare', 'Compare with'), cmp),
    h('span', { class: 'field' }, label('opt-model', 'Model'), model, edit),
    ...fields.map((f) => f.el),
  );

  const sync = () => {
    const s = store.get();
    gen.value = s.options.generator;
    cmp.value = s.compare ?? '';
    model.value = s.options.model;
    for (const { spec, input } of fields) {
      const v = s.options[spec.key];
      if (typeof v === 'boolean') input.checked = v;
      else input.value = show(spec, v as number);
    }
  };
  sync();
  return { el, sync };
}
