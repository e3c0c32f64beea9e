// The one place where the core's messages become the page's words. The core writes for the
// command line: some of its messages name flags, C++ limits or the seed page a rule comes from.
// Each of those carries an id and its fields as data (JSON `id` and `fields`,
// docs/json-document.md), and the page words it from them, naming its own controls by the
// labels of the generated option table; a message without an id is plain and shown as it is.
// Nothing here reads the core's text. The JSON pane and the download keep the document
// verbatim, as the CLI prints it.
import { isMessageId, type MessageId } from './document-schema';
import { MODEL_LABEL, OPTION_SPECS } from './option-specs';

export type MessageFields = Record<string, string | number>;

// A message of the document: a diagnostic's, a failure's.
export interface CoreMessage {
  message: string;
  id?: string;
  fields?: MessageFields;
}

const MB = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

// "Search budget" -> "search budget"; "II cap" stays.
const lowerFirst = (label: string) => (label[1] === label[1]?.toUpperCase() ? label : label[0].toLowerCase() + label.slice(1));

const specOf = (name: string) => OPTION_SPECS.find((s) => s.flag === `--${name}`);
// "the search budget": the option `name` ("work-budget") by the page's label for it.
const optionWords = (name: string) => `the ${lowerFirst(specOf(name)?.label ?? name)}`;
const TARGET_MODEL = 'the target model';

// The page control that does what the command-line option `name` does ("work-budget").
export function control(name: string): string {
  const spec = specOf(name);
  if (spec) return spec.type === 'flag' ? `“${spec.label}” (Options)` : `${optionWords(name)} (Options)`;
  if (name === 'model') return `${TARGET_MODEL} (Options → Edit…)`;
  return `the ${name.split('-').join(' ')} setting`; // an option the page does not offer
}

const modelControl = `Options → ${MODEL_LABEL}`;
const text = (f: MessageFields, name: string) => String(f[name] ?? '');
const count = (f: MessageFields, name: string) => Number(f[name] ?? 0);

// A spent budget and what it was: "the search budget (1,000 placement checks)".
function budget(f: MessageFields): string {
  const value = count(f, 'value');
  return text(f, 'option') === 'work-budget'
    ? `${optionWords('work-budget')} (${value.toLocaleString('en-US')} placement checks)`
    : `${optionWords('max-constraint-iterations')} (${value})`;
}

// What to do about a spent budget, in the page's controls.
function raise(f: MessageFields): string {
  return text(f, 'option') === 'work-budget'
    ? ` Raise ${control('work-budget')} to let the search go on.`
    : ` Raise ${control('max-constraint-iterations')} to try more IIs.`;
}

const OUTCOMES: Record<string, (ii: number) => string> = {
  'serial-fallback': (ii) => `falling back to serial execution at II ${ii}`,
  'exact-search': (ii) => `the exact search then found II ${ii}`,
  'smallest-found': (ii) => `keeping the smallest II found, ${ii}`,
};

// Each message id the core writes (the schema's, engine/document-schema.ts), worded from its
// fields: an id without wording here does not type-check.
export const MESSAGES: Record<MessageId, (f: MessageFields) => string> = {
  input_too_large: (f) =>
    `The snippet is ${MB(count(f, 'bytes'))}; the scheduler reads at most ${MB(count(f, 'limit'))}. Paste one function or one loop at a time.`,
  too_many_operations: (f) => `the input has more than ${text(f, 'limit')} operations; split the snippet`,
  nesting_too_deep: (f) => `nesting is deeper than ${text(f, 'limit')} levels; flatten the input`,
  budget_ran_out: (f) =>
    `${budget(f)} ran out before the II search finished; ${(OUTCOMES[text(f, 'outcome')] ?? OUTCOMES['smallest-found'])(count(f, 'ii'))}` +
    // No advice to search further once the smaller IIs are proven empty.
    (text(f, 'minimal') === 'proven' ? ', the smallest that exists.' : `, which may not be minimal.${raise(f)}`),
  budget_ran_out_unscheduled: (f) =>
    `${budget(f)} ran out after ${text(f, 'rounds')} round(s), before any II up to the cap ${text(f, 'cap')} was scheduled.${raise(f)}`,
  no_schedule: (f) =>
    `failed to find a schedule${f.block !== undefined ? ` for block '${text(f, 'block')}'` : ''}: ${wordMessage({ message: '', id: text(f, 'cause'), fields: f })}`,
  refinement_stopped: (f) => `the refinement stopped after ${text(f, 'rounds')} round(s) (${control(text(f, 'option'))})`,
  serial_ignores_constraint: (f) =>
    `the serial generator ignores '${text(f, 'attribute')}' (the serial path honours only force_serial_execution; choose the ${text(f, 'value')} generator to enforce it)`,
  check_nothing_pinned: (f) =>
    `Checking a pinned schedule: no op of block '${text(f, 'block')}' pins nv_tile.aws.stage/order, so its schedule is generated`,
  pinned_schedule_ignored: (f) =>
    `block '${text(f, 'block')}' pins nv_tile.aws.stage/order; they are ignored and replaced by a generated schedule (tick ${control('check')} to verify them instead)`,
  pin_missing: (f) =>
    `this op has no ${text(f, 'missing')}, but the block pins a schedule (first pin on line ${text(f, 'first_pin_line')}): checking a pinned schedule needs every op pinned with both`,
  unknown_model: (f) => `unknown target model '${text(f, 'name')}' (built-in models: ${text(f, 'builtin')}; or edit ${TARGET_MODEL} under Options)`,
  model_not_for_target: (f) =>
    `the IR targets ${text(f, 'target')}${f.target_model ? ` (${text(f, 'target_words')}, model '${text(f, 'target_model')}')` : ', which no built-in model describes'}` +
    `, but ${modelControl} asks for '${text(f, 'model')}' (${text(f, 'model_words')}); the loops are scheduled on '${text(f, 'model')}'`,
  no_model_for_target: (f) =>
    `no built-in model describes the IR's target ${text(f, 'target')}; the loops are scheduled on the default model '${text(f, 'model')}' (${text(f, 'model_words')}); pick another under ${modelControl}`,
  partitions_kept: (f) =>
    `${count(f, 'ops')} ${count(f, 'ops') === 1 ? 'op' : 'ops'} of this block carry warp-specialised partitions (ttg.partition): the block is scheduled as one agent, the partitions are kept as attributes and no agent_switch is emitted`,
  consumer_only_pipe: (f) =>
    `${text(f, 'pipe')}: no op of this block produces the async handle ${text(f, 'handle')} before it is read here, so its pipe has a consumer and no producer`,
  constraint_lifted: (f) =>
    `a refinement round lifted ${text(f, 'constraint')}, which alone needs II >= ${text(f, 'bound')}: no schedule up to the II cap kept every constraint (a later round lifts a constraint when the schedule becomes infeasible), so ${text(f, 'consequence')}`,
  nested_constraint_unites: (f) =>
    `${text(f, 'detail')}${count(f, 'inert') ? '; but' : ', but'} the group walk still reads this op: its leader_gid unites gid ${text(f, 'gid')} under leader ${text(f, 'leader')}, grouping the block ops that carry them`,
  // The hint names a control only when the page has one (it has no unlimited-SMEM option).
  memory_over_budget: (f) => `${text(f, 'detail')}${specOf(text(f, 'option')) ? ` (${control(text(f, 'option'))} lifts the SMEM budget)` : ''}`,
};

// The page's words for a message: from its id and fields, else (a plain message) its text.
export function wordMessage(m: CoreMessage): string {
  const words = m.id && isMessageId(m.id) ? MESSAGES[m.id] : undefined;
  return words ? words(m.fields ?? {}) : m.message;
}

// The model a chunk's loops are scheduled on, and why: the core's words, except where they name
// the --model option (source `option`), which the page words as its own control.
export function modelReason(m: { source: string; words: string; target: string; reason: string }): string {
  if (m.source !== 'option' || !m.words) return m.reason;
  return `${m.words}, picked by hand${m.target ? ` (the IR targets ${m.target})` : ''}`;
}

// A serial choice's remedies (JSON `selection.remedies`), in the page's controls: "choose the
// cost-based generator in Options, or set the serial threshold in Options to 4 or lower".
export interface Remedy {
  id: string; // remove_attribute | set_option | lower_option
  attribute?: string;
  option?: string;
  value?: string | number;
}

export function remedyText(remedies: Remedy[]): string {
  return remedies.map((r) => {
    if (r.id === 'remove_attribute') return `remove ${r.attribute} from the loop`;
    const option = optionWords(r.option ?? '');
    if (r.id === 'lower_option') return `set ${option} in Options to ${r.value} or lower`;
    return r.option === 'generator' ? `choose the ${r.value} generator in Options` : `set ${option} in Options to ${r.value}`;
  }).join(', or ');
}
