// The playground reads its options from the one option table (core/contract/options.json,
// generated into src/engine/option-specs.ts): a share link and an example's `// Run:` line carry
// every option the table offers, and the call into the module names each by its table key.
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, OPTION_SPECS, toOptionsJson, type OptionSpec, type ScheduleOptions } from '../../src/engine/options';
import { decodeState, encodeState, linkPayload } from '../../src/state/share';
import { defaultState } from '../../src/state/state';
import { exampleOptions } from '../../src/panes/examples';

// A value of the option other than its default, within its range.
function otherValue(spec: OptionSpec): string | number | boolean {
  if (spec.type === 'flag') return !spec.default;
  if (spec.type === 'int') return Number(spec.default) + 1 <= (spec.max ?? 0) ? Number(spec.default) + 1 : Number(spec.default) - 1;
  return (spec.choices ?? []).find((c) => c !== spec.default) ?? '';
}

function withOption(spec: OptionSpec): ScheduleOptions {
  return { ...DEFAULT_OPTIONS, [spec.key]: otherValue(spec) };
}

describe('the option table', () => {
  it('offers the options the command line has, with their defaults', () => {
    expect(OPTION_SPECS.map((s) => s.flag)).toEqual(expect.arrayContaining(['--generator', '--ii-cap', '--max-constraint-iterations', '--work-budget', '--serial-threshold', '--triton-latency', '--check']));
    for (const spec of OPTION_SPECS) expect(DEFAULT_OPTIONS[spec.key]).toBe(spec.default);
  });

  it('puts each shared option in a link under its key only when it is not the default', () => {
    for (const spec of OPTION_SPECS.filter((s) => s.share)) {
      const s = defaultState('src');
      s.options = withOption(spec);
      const frag = encodeState(s);
      const payload = JSON.parse(linkPayload(frag));
      expect(payload[spec.share!], spec.key).toBe(spec.type === 'flag' ? 1 : otherValue(spec));
      expect(decodeState(`#${frag}`)).toEqual({ kind: 'ok', state: s, warnings: [] });
      const d = encodeState(defaultState('src'));
      expect(JSON.parse(linkPayload(d)), spec.key).not.toHaveProperty(spec.share!);
    }
  });

  it('reads every option from an example run line by its command-line spelling', () => {
    for (const spec of OPTION_SPECS) {
      const v = otherValue(spec);
      const arg = spec.type === 'flag' ? spec.flag : `${spec.flag}=${v}`;
      expect(exampleOptions(`// Run: tilesched x.mlir ${arg}\nmodule {}`), arg).toEqual(withOption(spec));
      if (spec.type === 'int') expect(exampleOptions(`// Run: tilesched x.mlir ${spec.flag}=${(spec.max ?? 0) + 1}\nmodule {}`)).toEqual(DEFAULT_OPTIONS);
    }
  });

  it('names every option by its table key in the call into the module', () => {
    const payload = JSON.parse(toOptionsJson(DEFAULT_OPTIONS));
    for (const spec of OPTION_SPECS) expect(payload[spec.key], spec.key).toBe(spec.default);
    expect(payload).toMatchObject({ trace: true, emit: 'json' });
    // The model the IR's target picks is the core's to choose: no --model.
    expect(payload).not.toHaveProperty('model');
    expect(JSON.parse(toOptionsJson({ ...DEFAULT_OPTIONS, model: 'hopper' }))).toMatchObject({ model: 'hopper' });
    expect(JSON.parse(toOptionsJson({ ...DEFAULT_OPTIONS, model: 'custom', modelJson: '{"name":"m"}' }))).toMatchObject({ model: '{"name":"m"}' });
  });
});
