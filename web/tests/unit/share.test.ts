import { describe, expect, it } from 'vitest';
import { deflateSync, strToU8 } from 'fflate';
import { decodeState, encodeState, fromBase64Url, linkable, linkPayload, LONG_LINK_CHARS, MAX_PAYLOAD_BYTES, toBase64Url } from '../../src/state/share';
import { parseDocument } from '../../src/engine/parse';
import { fixture } from './helpers';
import { defaultState, type AppState } from '../../src/state/state';
import { isLongLink, markdownFor, shareUrl } from '../../src/app/share-actions';
import { EXAMPLES } from '../../src/panes/examples';
import { LINK_DICTIONARY } from '../../src/state/link-dictionary';

const SRC = 'scf.for %k = %c0 to %n step %c1 {\n  %0 = nv_tileas.async.tiled_tma_load %d[%k] : !t\n  scf.yield\n}\n';

function sample(): AppState {
  const s = defaultState(SRC);
  s.options = { generator: 'cost-based', model: 'custom', modelJson: '{"name":"m"}', iiCap: 24, maxConstraintIterations: 3, check: true, workBudget: 5000, serialThreshold: 5, tritonLatency: true };
  s.compare = { generator: 'serial' };
  s.panes = ['table', 'trace'];
  s.block = 1;
  return s;
}

function payloadFragment(version: number, payload: unknown): string {
  return `v=${version}&s=${toBase64Url(deflateSync(strToU8(JSON.stringify(payload))))}`;
}

describe('share links', () => {
  it('round-trips every shared field', () => {
    const s = sample();
    const d = decodeState(`#${encodeState(s)}`);
    expect(d).toEqual({ kind: 'ok', state: s, warnings: [] });
  });

  it('round-trips every kind of comparison, and reads a generator comparison of the first format', () => {
    const kinds = [
      { model: 'hopper' as const }, { model: 'custom' as const, modelJson: '{"name":"x"}' }, { iiCap: 3 }, { serialThreshold: 0 },
      { source: SRC + '// before\n' }, { generator: 'cost-based' as const, iiCap: 0 },
    ];
    for (const compare of kinds) {
      const s = { ...sample(), compare };
      expect(decodeState(`#${encodeState(s)}`)).toEqual({ kind: 'ok', state: s, warnings: [] });
    }
    const old = decodeState(`#${payloadFragment(1, { src: SRC, cmp: 'serial' })}`);
    expect(old.kind === 'ok' && old.state.compare).toEqual({ generator: 'serial' });
    const bad = decodeState(`#${payloadFragment(1, { src: SRC, cmp: { model: 'ampere' } })}`);
    expect(bad.kind === 'ok' && [bad.state.compare, bad.warnings.length]).toEqual([null, 1]);
    // The other side's options are read through the option table: its share keys, its ranges.
    const ranged = decodeState(`#${payloadFragment(1, { src: SRC, cmp: { st: 3, cap: -2 } })}`);
    expect(ranged.kind === 'ok' && ranged.state.compare).toEqual({ serialThreshold: 3 });
  });

  it('uses the versioned, compressed fragment format', () => {
    const frag = encodeState(defaultState(SRC.repeat(40)));
    expect(frag).toMatch(/^v=2&s=[A-Za-z0-9_-]+$/);
    expect(frag.length).toBeLessThan((SRC.length * 40) / 10); // repetitive IR compresses well
  });

  it('makes short links: a gallery example by its dictionary, old links still open', () => {
    const gemm = EXAMPLES.find((e) => e.id === 'hopper-tma-wgmma-gemm')!;
    const dump = EXAMPLES.find((e) => e.id === 'triton36-hopper-persistent-tma-matmul')!;
    const url = (src: string) => shareUrl('https://example.org/tilesched/', defaultState(src));
    const figures = {
      gemm: url(gemm.source).length, gemmEdited: url(gemm.source.replace('%c64 = ', '%c128 = ').replace('value = 64', 'value = 128')).length,
      dump: url(dump.source).length, dumpEdited: url(dump.source.replace(/num_stages 3/, 'num_stages 4') + '// retuned\n').length,
    };
    expect(gemm.source.split('\n').length).toBe(33);
    expect(figures.gemm).toBeLessThanOrEqual(300);
    expect(figures.gemmEdited).toBeLessThanOrEqual(300);
    expect(figures.dump).toBeLessThanOrEqual(2048);
    expect(figures.dumpEdited).toBeLessThanOrEqual(2048);
    for (const src of [gemm.source, dump.source + '// retuned\n', SRC]) {
      expect(decodeState(new URL(url(src)).hash)).toEqual({ kind: 'ok', state: defaultState(src), warnings: [] });
    }
    // A version-1 link (plain deflate) still opens.
    expect(decodeState(`#${payloadFragment(1, { src: gemm.source, p: ['table'] })}`).kind).toBe('ok');
    // A link made against another version of the example is refused, not inflated to the wrong text.
    const link = new URL(url(gemm.source)).hash;
    expect(link).toMatch(/^#v=2&x=hopper-tma-wgmma-gemm\.\w+&s=/);
    const stale = decodeState(link.replace(/x=hopper-tma-wgmma-gemm\.\w+/, 'x=hopper-tma-wgmma-gemm.0'));
    expect(stale.kind === 'error' && stale.message).toMatch(/earlier version of the gallery example/);
    const gone = decodeState(link.replace(/x=hopper-tma-wgmma-gemm/, 'x=no-such-example'));
    expect(gone.kind === 'error' && gone.message).toMatch(/does not have/);
  });

  it('keeps the link dictionary frozen (every version-2 link inflates against it)', () => {
    let h = 0x811c9dc5;
    for (let i = 0; i < LINK_DICTIONARY.length; i++) h = Math.imul(h ^ LINK_DICTIONARY.charCodeAt(i), 0x01000193);
    expect([LINK_DICTIONARY.length, (h >>> 0).toString(16)]).toEqual([4096, '4a5c48a7']);
  });

  it('reports no state for an empty fragment', () => {
    expect(decodeState('')).toEqual({ kind: 'none' });
    expect(decodeState('#')).toEqual({ kind: 'none' });
  });

  it('leaves the model to the IR unless one was picked; an older link keeps the model it names', () => {
    const s = defaultState(SRC);
    expect(s.options.model).toBe('ir');
    const frag = encodeState(s);
    const payload = JSON.parse(linkPayload(frag));
    expect(payload).not.toHaveProperty('model');
    expect(decodeState(`#${frag}`)).toEqual({ kind: 'ok', state: s, warnings: [] });
    // Links made before the IR chose the model always named one: the recipient sees that one.
    const old = decodeState(`#${payloadFragment(1, { src: SRC, model: 'blackwell', p: [] })}`);
    expect(old.kind === 'ok' && old.state.options.model).toBe('blackwell');
  });

  it('refuses links from a newer format', () => {
    const d = decodeState('#v=7&s=abc');
    expect(d.kind).toBe('error');
    expect(d.kind === 'error' && d.message).toContain('newer playground');
  });

  it('reports a damaged link instead of throwing', () => {
    expect(decodeState('#v=1&s=%%%').kind).toBe('error');
    expect(decodeState('#v=1&s=AAAA').kind).toBe('error');
    expect(decodeState('#v=abc&s=AAAA').kind).toBe('error');
    expect(decodeState(`#${payloadFragment(1, [1, 2])}`).kind).toBe('error');
  });

  it('fills missing and invalid fields with defaults and names them', () => {
    const d = decodeState(`#${payloadFragment(1, { src: 'x', gen: 'bogus', model: 'ampere', cap: -4, it: 2.5, p: ['rrt', 'nope'] })}`);
    expect(d.kind).toBe('ok');
    if (d.kind !== 'ok') return;
    const def = defaultState('x');
    expect(d.state.options).toEqual(def.options);
    expect(d.state.panes).toEqual(['rrt']);
    expect(d.warnings.join()).toContain('ampere');
  });

  it('applies migrations in order from the link version to the current one', () => {
    const migrations = {
      1: (p: Record<string, unknown>) => ({ ...p, code: undefined, src: p.code }),
      2: (p: Record<string, unknown>) => ({ ...p, gen: p.generator }),
    };
    const frag = payloadFragment(1, { code: SRC, generator: 'serial' });
    const d = decodeState(frag, { current: 3, migrations });
    expect(d.kind === 'ok' && d.state.source).toBe(SRC);
    expect(d.kind === 'ok' && d.state.options.generator).toBe('serial');
    const missing = decodeState(frag, { current: 4, migrations });
    expect(missing.kind === 'error' && missing.message).toContain('v3 to v4');
  });

  it('base64url round-trips arbitrary bytes', () => {
    const bytes = new Uint8Array(70000).map((_, i) => (i * 7919) & 255);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
  });

  it('flags links longer than chat tools accept', () => {
    const long = shareUrl('http://127.0.0.1:4173/', defaultState(Array.from({ length: 400 }, (_, i) => `%v${i * 7919} = arith.addi %a${i}, %b${(i * 31) % 97} : i32`).join('\n')));
    expect(long.length).toBeGreaterThan(LONG_LINK_CHARS);
    expect(isLongLink(long)).toBe(true);
    expect(isLongLink(shareUrl('http://127.0.0.1:4173/', defaultState(SRC)))).toBe(false);
  });

  it('puts the link and the snippet into the Markdown', () => {
    const md = markdownFor('http://x/#v=1&s=a', defaultState(SRC), null);
    expect(md).toContain('[tilesched playground](http://x/#v=1&s=a)');
    expect(md).toContain('```mlir\n' + SRC.trimEnd() + '\n```');
  });

  it('keeps a hostile snippet inside its code fence, and the block name out of the link syntax', () => {
    const hostile = 'a\n```\n![x](javascript:alert(1))\n~~~~~\n[y](javascript:alert(2))\n`````` b\n';
    const doc = parseDocument(fixture('scheduled.json'));
    doc.blocks[0].name = 'loop](javascript:alert(3)) ![i](http://evil/x.png';
    const md = markdownFor('http://x/#v=1&s=a', defaultState(hostile), doc);
    const fence = '```````'; // one longer than the longest run (six backticks)
    expect(md).toContain(`${fence}mlir\n${hostile.trimEnd()}\n${fence}\n`);
    const [head, ...rest] = md.split('\n');
    expect(head.match(/\]\(/g)).toHaveLength(1); // only the playground link
    expect(head).toContain('loop\\]\\(javascript:alert\\(3\\)\\)');
    // No line of the snippet closes the fence early.
    const body = rest.slice(rest.indexOf(`${fence}mlir`) + 1, rest.lastIndexOf(fence));
    expect(body.some((l) => /^ {0,3}(`{7,}|~{7,})\s*$/.test(l))).toBe(false);
  });

  it('caps what a link may unpack to, and says when a link was cut off', () => {
    const bomb = payloadFragment(1, { src: 'x'.repeat(MAX_PAYLOAD_BYTES + 10), gen: 'auto', model: 'blackwell', cap: 0, it: 10, p: [] });
    expect(bomb.length).toBeLessThan(20000);
    const big = decodeState(`#${bomb}`);
    expect(big.kind === 'error' && big.message).toMatch(/more than 2 MB/);
    const good = encodeState(sample());
    for (const cut of [good.slice(0, -5), good.slice(0, -6), good.slice(0, good.length - 30)]) {
      const d = decodeState(`#${cut}`);
      expect(d.kind === 'error' && d.message, cut).toMatch(/looks cut off/);
    }
    expect(linkable(defaultState('x'.repeat(MAX_PAYLOAD_BYTES)))).toBe(false);
    expect(linkable(sample())).toBe(true);
  });
});
