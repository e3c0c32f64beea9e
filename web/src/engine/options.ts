// Scheduler options as the playground holds them, and their encoding for the Embind call.

export type GeneratorChoice = 'auto' | 'serial' | 'cost-based';
export const GENERATOR_CHOICES: readonly GeneratorChoice[] = ['auto', 'serial', 'cost-based'];

export const BUILTIN_MODELS = ['blackwell', 'hopper'] as const;
export type BuiltinModel = (typeof BUILTIN_MODELS)[number];

export interface ScheduleOptions {
  generator: GeneratorChoice;
  model: BuiltinModel | 'custom';
  modelJson: string; // the edited target model, used when model == 'custom'
  iiCap: number; // 0 = the core's automatic cap
  maxConstraintIterations: number;
  check: boolean; // verify a pinned nv_tile.aws.stage/order schedule instead of generating
  workBudget: number; // placement checks per block before the II search stops; 0 = the core's default
  serialThreshold: number; // the automatic choice schedules smaller loops serially
  tritonLatency: boolean; // Triton's tt.latency moves users to later stages
}

export const DEFAULT_SERIAL_THRESHOLD = 8;

export const DEFAULT_OPTIONS: ScheduleOptions = {
  generator: 'auto',
  model: 'blackwell',
  modelJson: '',
  iiCap: 0,
  maxConstraintIterations: 10,
  check: false,
  workBudget: 0,
  serialThreshold: DEFAULT_SERIAL_THRESHOLD,
  tritonLatency: false,
};

// The optionsJson argument of `schedule()`. The playground always asks for the trace.
export function toOptionsJson(o: ScheduleOptions): string {
  const payload: Record<string, unknown> = {
    generator: o.generator,
    model: o.model === 'custom' ? o.modelJson : o.model,
    maxConstraintIterations: o.maxConstraintIterations,
    check: o.check,
    trace: true,
    emit: 'json',
  };
  if (o.iiCap > 0) payload.iiCap = o.iiCap;
  if (o.workBudget > 0) payload.workBudget = o.workBudget;
  if (o.serialThreshold !== DEFAULT_SERIAL_THRESHOLD) payload.serialThreshold = o.serialThreshold;
  if (o.tritonLatency) payload.tritonLatency = true;
  return JSON.stringify(payload);
}
