// Scheduler options as the playground holds them, and their encoding for the Embind call. Every
// option but the target model is declared in the one option table (core/contract/options.json,
// generated into ./option-specs.ts).
import { CORE_DEFAULTS, DEFAULT_MODEL, OPTION_SPECS, type BuiltinModel, type CoreOptions, type OptionSpec } from './option-specs';

export { BUILTIN_MODELS, GENERATOR_CHOICES, OPTION_SPECS, type BuiltinModel, type GeneratorChoice, type OptionSpec } from './option-specs';

export interface ScheduleOptions extends CoreOptions {
  model: BuiltinModel | 'custom';
  modelJson: string; // the edited target model, used when model == 'custom'
}

export const DEFAULT_OPTIONS: ScheduleOptions = { ...CORE_DEFAULTS, model: DEFAULT_MODEL, modelJson: '' };

type OptionValue = CoreOptions[keyof CoreOptions];

// `value` as a value of the option when it is one (a flag's boolean, an integer in range, one of
// the choices), else undefined: share links and `// Run:` lines are read through this.
export function optionValue(spec: OptionSpec, value: unknown): OptionValue | undefined {
  if (spec.type === 'flag') return typeof value === 'boolean' ? value : undefined;
  if (spec.type === 'int')
    return typeof value === 'number' && Number.isInteger(value) && value >= (spec.min ?? 0) && value <= (spec.max ?? Number.MAX_SAFE_INTEGER) ? value : undefined;
  return typeof value === 'string' && (spec.choices ?? []).includes(value) ? (value as OptionValue) : undefined;
}

export function setOption(o: CoreOptions, key: keyof CoreOptions, value: OptionValue): void {
  (o as unknown as Record<string, OptionValue>)[key] = value;
}

// The optionsJson argument of `schedule()`: every option, by its table name (the module maps it
// to the command line). The playground always asks for the trace.
export function toOptionsJson(o: ScheduleOptions): string {
  const payload: Record<string, unknown> = { model: o.model === 'custom' ? o.modelJson : o.model };
  for (const spec of OPTION_SPECS) payload[spec.key] = o[spec.key];
  payload.trace = true;
  payload.emit = 'json';
  return JSON.stringify(payload);
}
