// Scheduler options as the playground holds them, and their encoding for the Embind call. Every
// option but the target model is declared in the one option table (core/contract/options.json,
// generated into ./option-specs.ts).
import { CORE_DEFAULTS, OPTION_SPECS, type BuiltinModel, type CoreOptions, type OptionSpec } from './option-specs';

export { BUILTIN_MODELS, DEFAULT_MODEL, GENERATOR_CHOICES, OPTION_SPECS, type BuiltinModel, type GeneratorChoice, type OptionSpec } from './option-specs';

// 'ir': no --model, so each input's ttg.target picks the built-in model (else the core's default,
// DEFAULT_MODEL); a built-in name or 'custom' overrides it (docs/decisions.md, "The target from the IR").
export type ModelChoice = 'ir' | BuiltinModel | 'custom';

export interface ScheduleOptions extends CoreOptions {
  model: ModelChoice;
  modelJson: string; // the edited target model, used when model == 'custom'
}

export const DEFAULT_OPTIONS: ScheduleOptions = { ...CORE_DEFAULTS, model: 'ir', modelJson: '' };

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
// to the command line); no model when it is the IR's. The playground always asks for the trace.
export function toOptionsJson(o: ScheduleOptions): string {
  const payload: Record<string, unknown> = o.model === 'ir' ? {} : { model: o.model === 'custom' ? o.modelJson : o.model };
  for (const spec of OPTION_SPECS) payload[spec.key] = o[spec.key];
  payload.trace = true;
  payload.emit = 'json';
  return JSON.stringify(payload);
}

// What the page exports through the core (one implementation with the command line's --emit):
// the schedule as a Chrome / Perfetto trace, and the input IR with Triton's loop.stage / loop.cluster.
// The module's schedule() returns the JSON document only, so an export is a command line for its
// runCli(): `- --emit=FORM` and the options as flags, an edited model served as a file.
export type ExportForm = 'perfetto' | 'triton';

export interface ExportCommand {
  export: { args: string[]; files: Record<string, string> };
}

const MODEL_FILE = 'model.json';

export function exportCommand(o: ScheduleOptions, emit: ExportForm): ExportCommand {
  const args = ['-', `--emit=${emit}`];
  const files: Record<string, string> = {};
  if (o.model === 'custom') {
    files[MODEL_FILE] = o.modelJson;
    args.push(`--model=${MODEL_FILE}`);
  } else if (o.model !== 'ir') args.push(`--model=${o.model}`);
  for (const spec of OPTION_SPECS) {
    const v = o[spec.key];
    if (v === spec.default) continue;
    if (spec.type === 'flag') {
      if (v) args.push(spec.flag);
    } else args.push(`${spec.flag}=${v}`);
  }
  return { export: { args, files } };
}
