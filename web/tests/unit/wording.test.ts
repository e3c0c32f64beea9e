import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { engineErrorText } from '../../src/engine/engine-errors';
import { control, modelReason, remedyText, wordMessage, type CoreMessage } from '../../src/engine/wording';

// What the page must never show: seed page numbers, C++ names, command-line flags.
const INTERNAL = /\bseed \d{3}\b|\w::\w|std::|(^|\s|\()--[a-z]/;

// Messages the core writes, verbatim, with the id and fields its JSON gives them.
const CORE_MESSAGES: CoreMessage[] = [
  { message: "the serial generator ignores 'nv_tile.aws.gid' (seed 000 QUIRK: the serial path honours only force_serial_execution; use --generator=cost-based to enforce it)",
    id: 'serial_ignores_constraint', fields: { attribute: 'nv_tile.aws.gid', option: 'generator', value: 'cost-based' } },
  { message: '%Pipe_0: no op of this block produces the async handle %t before it is read here, so it gets a consumer-only Pipe_ (seed 002 trivial fallback)',
    id: 'consumer_only_pipe', fields: { pipe: '%Pipe_0', handle: '%t', seed: '002' } },
  { message: 'input is 9437184 bytes; the limit is 8388608 bytes (ParseLimits::maxInputBytes)',
    id: 'input_too_large', fields: { bytes: 9437184, limit: 8388608 } },
  { message: 'the input has more than 200000 operations (ParseLimits::maxOperations); split the snippet',
    id: 'too_many_operations', fields: { limit: 200000 } },
  { message: 'nesting is deeper than 128 levels (ParseLimits::maxNestingDepth); flatten the input',
    id: 'nesting_too_deep', fields: { limit: 128 } },
  { message: 'the work budget (--work-budget=1000 seat probes) ran out before the II search finished; keeping the smallest II found, 9, which may not be minimal',
    id: 'budget_ran_out', fields: { option: 'work-budget', value: 1000, outcome: 'smallest-found', ii: 9, minimal: 'unknown' } },
  { message: "failed to find a schedule for block 'loop': the work budget (--work-budget=1000 seat probes) ran out after 2 round(s), before any II up to the cap 40 was scheduled",
    id: 'no_schedule', fields: { cause: 'budget_ran_out_unscheduled', option: 'work-budget', value: 1000, rounds: 2, cap: 40, block: 'loop' } },
  { message: 'the refinement stopped after 3 round(s) (--max-constraint-iterations)',
    id: 'refinement_stopped', fields: { rounds: 3, option: 'max-constraint-iterations' } },
  { message: 'the refinement budget (--max-constraint-iterations=3) ran out before the II search finished; falling back to serial execution at II 40, which may not be minimal',
    id: 'budget_ran_out', fields: { option: 'max-constraint-iterations', value: 3, outcome: 'serial-fallback', ii: 40, minimal: 'unknown' } },
  { message: "--check: no op of block 'loop' pins nv_tile.aws.stage/order, so its schedule is generated",
    id: 'check_nothing_pinned', fields: { block: 'loop', option: 'check' } },
  { message: "block 'loop' pins nv_tile.aws.stage/order; they are ignored and replaced by a generated schedule (pass --check to verify them instead)",
    id: 'pinned_schedule_ignored', fields: { block: 'loop', option: 'check' } },
  { message: "unknown target model 'ampere' (built-in models: blackwell, hopper; or pass --model=PATH.json)",
    id: 'unknown_model', fields: { name: 'ampere', builtin: 'blackwell, hopper', option: 'model' } },
  { message: 'the loop buffers need 300 KiB, more than the 227 KiB per SM of model \'hopper\': %a (--unlimited-smem lifts the SMEM budget)',
    id: 'memory_over_budget', fields: { detail: 'the loop buffers need 300 KiB, more than the 227 KiB per SM of model \'hopper\': %a', option: 'unlimited-smem' } },
];

describe('page wording', () => {
  it('leaves no seed number, C++ name or flag in any core message', () => {
    for (const m of CORE_MESSAGES) expect(wordMessage(m), m.message).not.toMatch(INTERNAL);
  });

  it('says which limit was hit and what to do, in the page’s terms', () => {
    expect(wordMessage(CORE_MESSAGES[2])).toBe('The snippet is 9.0 MB; the scheduler reads at most 8.0 MB. Paste one function or one loop at a time.');
    expect(wordMessage(CORE_MESSAGES[5])).toBe('the search budget (1,000 placement checks) ran out before the II search finished; keeping the smallest II found, 9, which may not be minimal. Raise the search budget (Options) to let the search go on.');
    expect(wordMessage(CORE_MESSAGES[8])).toContain('Raise the constraint iterations (Options)');
    expect(wordMessage(CORE_MESSAGES[6])).toMatch(/was scheduled\. Raise the search budget \(Options\)/);
    expect(wordMessage(CORE_MESSAGES[0])).toBe("the serial generator ignores 'nv_tile.aws.gid' (the serial path honours only force_serial_execution; choose the cost-based generator to enforce it)");
    expect(wordMessage(CORE_MESSAGES[1])).toMatch(/so its pipe has a consumer and no producer$/);
    // The unlimited-SMEM option is the command line's only: the page names no setting it lacks.
    expect(wordMessage(CORE_MESSAGES.find((m) => m.id === 'memory_over_budget')!)).toBe("the loop buffers need 300 KiB, more than the 227 KiB per SM of model 'hopper': %a");
    expect(wordMessage(CORE_MESSAGES[4])).toBe('nesting is deeper than 128 levels; flatten the input');
    expect(wordMessage(CORE_MESSAGES[10])).toContain('tick “Check pinned schedule” (Options) to verify them instead');
    // Once every smaller II is proven empty, no advice to search further.
    expect(wordMessage({ ...CORE_MESSAGES[5], fields: { ...CORE_MESSAGES[5].fields, minimal: 'proven' } }))
      .toBe('the search budget (1,000 placement checks) ran out before the II search finished; keeping the smallest II found, 9, the smallest that exists.');
  });

  it('keeps plain messages as they are, and an id it does not know falls back to the text', () => {
    const m = "use of undefined value '%x'";
    expect(wordMessage({ message: m })).toBe(m);
    expect(wordMessage({ message: m, id: 'from_a_newer_core', fields: {} })).toBe(m);
  });

  it('names the page’s controls by the generated option table’s labels', () => {
    expect(control('work-budget')).toBe('the search budget (Options)');
    expect(control('ii-cap')).toBe('the II cap (Options)');
    expect(control('check')).toBe('“Check pinned schedule” (Options)');
    expect(modelReason({ source: 'option', words: 'Hopper (sm_90)', target: 'cuda:100', reason: 'Hopper (sm_90), as --model asks (the IR targets cuda:100)' }))
      .toBe('Hopper (sm_90), picked by hand (the IR targets cuda:100)');
  });

  it('turns engine failures into sentences without C++ names', () => {
    expect(engineErrorText('internal error: std::bad_alloc')).toMatch(/ran out of memory/);
    expect(engineErrorText('tilesched: internal error: std::length_error: vector')).not.toMatch(INTERNAL);
    expect(engineErrorText('could not load the scheduler module: tilesched.wasm: HTTP 404')).toContain('HTTP 404');
  });

  it('says how to get a modulo schedule with the page’s controls', () => {
    expect(remedyText([{ id: 'set_option', option: 'generator', value: 'cost-based' }, { id: 'lower_option', option: 'serial-threshold', value: 4 }]))
      .toBe('choose the cost-based generator in Options, or set the serial threshold in Options to 4 or lower');
    expect(remedyText([{ id: 'remove_attribute', attribute: 'force_serial_execution' }])).toBe('remove force_serial_execution from the loop');
  });

  it('reads no core text: wording.ts holds no regular expression', () => {
    const source = readFileSync(new URL('../../src/engine/wording.ts', import.meta.url), 'utf8');
    const code = source.split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n');
    expect(code).not.toMatch(/RegExp|\.(?:match|matchAll|replace|replaceAll|search|split|test|exec)\(\s*\//);
    expect(code).not.toMatch(/[=(,:]\s*\/[^/*\s][^/\n]*\/[gimsuy]*/); // a regular-expression literal
  });
});
