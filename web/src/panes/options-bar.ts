// Scheduler options: generator, a second generator to compare with, target model (built-in or
// edited JSON), II cap, max constraint iterations, search budget, serial threshold, Triton
// latencies, and checking a pinned schedule.
import { BUILTIN_MODELS, GENERATOR_CHOICES, type GeneratorChoice, type ScheduleOptions } from '../engine/options';
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

  // An empty II cap or search budget means the core's own (0).
  type NumberKey = 'iiCap' | 'maxConstraintIterations' | 'workBudget' | 'serialThreshold';
  const emptyIsDefault = (key: NumberKey) => key === 'iiCap' || key === 'workBudget';
  const show = (key: NumberKey, v: number) => (emptyIsDefault(key) && v === 0 ? '' : String(v));
  const number = (id: string, title: string, key: NumberKey, placeholder: string) => {
    const input = h('input', { id, type: 'number', min: 0, step: 1, class: 'num-input', title, placeholder, 'data-testid': id });
    input.addEventListener('change', () => {
      const v = input.value.trim() === '' && emptyIsDefault(key) ? 0 : Math.floor(Number(input.value));
      if (Number.isFinite(v) && v >= 0) setOptions({ [key]: v });
      else input.value = show(key, store.get().options[key]);
    });
    return input;
  };
  const cap = number('opt-ii-cap', 'Highest II to try (empty = automatic)', 'iiCap', 'auto');
  const iters = number('opt-iterations', 'Rounds of the constraint refinement loop', 'maxConstraintIterations', '');
  const budget = number('opt-work-budget', 'Placement checks per loop before the II search stops (empty = 10 million)', 'workBudget', '10M');
  budget.classList.add('wide');
  const threshold = number('opt-serial-threshold', 'With the automatic generator, loops with fewer ops are scheduled serially', 'serialThreshold', '');

  const triton = h('input', { id: 'opt-triton-latency', type: 'checkbox', 'data-testid': 'opt-triton-latency' });
  triton.addEventListener('change', () => setOptions({ tritonLatency: triton.checked }));

  const check = h('input', { id: 'opt-check', type: 'checkbox', 'data-testid': 'opt-check' });
  check.addEventListener('change', () => setOptions({ check: check.checked }));

  const label = (forId: string, text: string) => h('label', { for: forId }, text);
  const el = h('div', { class: 'options-bar', role: 'group', 'aria-label': 'scheduler options' },
    h('span', { class: 'field' }, label('opt-generator', 'Generator'), gen),
    h('span', { class: 'field' }, label('opt-compare', 'Compare with'), cmp),
    h('span', { class: 'field' }, label('opt-model', 'Model'), model, edit),
    h('span', { class: 'field' }, label('opt-ii-cap', 'II cap'), cap),
    h('span', { class: 'field' }, label('opt-iterations', 'Constraint iterations'), iters),
    h('span', { class: 'field' }, label('opt-work-budget', 'Search budget'), budget),
    h('span', { class: 'field' }, label('opt-serial-threshold', 'Serial threshold'), threshold),
    h('span', { class: 'field', title: 'Triton’s tt.latency says how many stages an op’s users wait for it: move them that many stages later, keeping the II' },
      triton, label('opt-triton-latency', 'Triton latencies')),
    h('span', { class: 'field', title: 'Check the nv_tile.aws.stage/order written in the snippet instead of generating a schedule' },
      check, label('opt-check', 'Check pinned schedule')),
  );

  const sync = () => {
    const s = store.get();
    gen.value = s.options.generator;
    cmp.value = s.compare ?? '';
    model.value = s.options.model;
    cap.value = show('iiCap', s.options.iiCap);
    iters.value = show('maxConstraintIterations', s.options.maxConstraintIterations);
    budget.value = show('workBudget', s.options.workBudget);
    threshold.value = show('serialThreshold', s.options.serialThreshold);
    triton.checked = s.options.tritonLatency;
    check.checked = s.options.check;
  };
  sync();
  return { el, sync };
}
