import { describe, expect, it } from 'vitest';
import { engineErrorText, peopleText, remedyText } from '../../src/engine/wording';

// What the page must never show: seed page numbers, C++ names, command-line flags.
const INTERNAL = /\bseed \d{3}\b|\w::\w|std::|(^|\s|\()--[a-z]/;

// Messages the core writes, verbatim (core/ir, core/generate, core/materialize, core/driver).
const CORE_MESSAGES = [
  "the serial generator ignores 'nv_tile.aws.gid' (seed 000 QUIRK: the serial path honours only force_serial_execution; use --generator=cost-based to enforce it)",
  '%Pipe_0: no op of this block produces the async handle %t before it is read here, so it gets a consumer-only Pipe_ (seed 002 trivial fallback)',
  'input is 9437184 bytes; the limit is 8388608 bytes (ParseLimits::maxInputBytes)',
  'the input has more than 200000 operations (ParseLimits::maxOperations); split the snippet',
  'nesting is deeper than 128 levels (ParseLimits::maxNestingDepth); flatten the input',
  'the work budget (--work-budget=1000 seat probes) ran out before the II search finished; keeping the smallest II found, 9, which may not be minimal',
  "failed to find a schedule for block 'loop': the work budget (--work-budget=1000 seat probes) ran out after 2 round(s), before any II up to the cap 40 was scheduled",
  'the refinement stopped after 3 round(s) (--max-constraint-iterations)',
  'the refinement budget (--max-constraint-iterations=3) ran out before the II search finished; falling back to serial execution at II 40, which may not be minimal',
  "--check: no op of block 'loop' carries a pinned stage/order",
  'the ops carry nv_tile.aws.stage/order; they are ignored by a generated schedule (pass --check to verify them instead)',
  "unknown target model 'ampere' (built in: blackwell, hopper; or pass --model=PATH.json)",
];

describe('page wording', () => {
  it('leaves no seed number, C++ name or flag in any core message', () => {
    for (const m of CORE_MESSAGES) expect(peopleText(m), m).not.toMatch(INTERNAL);
  });

  it('says which limit was hit and what to do, in the page’s terms', () => {
    expect(peopleText(CORE_MESSAGES[2])).toBe('The snippet is 9.0 MB; the scheduler reads at most 8.0 MB. Paste one function or one loop at a time.');
    expect(peopleText(CORE_MESSAGES[5])).toBe('the search budget (1,000 placement checks) ran out before the II search finished; keeping the smallest II found, 9, which may not be minimal. Raise the search budget (Options) to let the search go on.');
    expect(peopleText(CORE_MESSAGES[8])).toContain('Raise the constraint iterations (Options)');
    // Once every smaller II is proven empty, no advice to search further.
    expect(peopleText('the refinement budget (--max-constraint-iterations=10) ran out before the II search finished; keeping the smallest II found, 26, the smallest that exists'))
      .toBe('the constraint iterations (10) ran out before the II search finished; keeping the smallest II found, 26, the smallest that exists');
    expect(peopleText(CORE_MESSAGES[6])).toMatch(/was scheduled\. Raise the search budget \(Options\)/);
    expect(peopleText(CORE_MESSAGES[0])).toBe("the serial generator ignores 'nv_tile.aws.gid' (the serial path honours only force_serial_execution; choose the cost-based generator to enforce it)");
    expect(peopleText(CORE_MESSAGES[1])).toMatch(/consumer-only Pipe_$/);
  });

  it('keeps plain messages as they are', () => {
    const m = "use of undefined value '%x'";
    expect(peopleText(m)).toBe(m);
  });

  it('turns engine failures into sentences without C++ names', () => {
    expect(engineErrorText('internal error: std::bad_alloc')).toMatch(/ran out of memory/);
    expect(engineErrorText('tilesched: internal error: std::length_error: vector')).not.toMatch(INTERNAL);
    expect(engineErrorText('could not load the scheduler module: tilesched.wasm: HTTP 404')).toContain('HTTP 404');
  });

  it('says how to get a modulo schedule with the page’s controls', () => {
    expect(remedyText('ask for the cost-based generator, or set the serial threshold to 4 or lower'))
      .toBe('choose the cost-based generator in Options, or set the serial threshold in Options to 4 or lower');
    expect(remedyText('remove force_serial_execution from the loop')).toBe('remove force_serial_execution from the loop');
  });
});
