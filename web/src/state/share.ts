// Share links: the state lives in the URL fragment as `#v=<version>[&x=<gallery example>]&s=<deflate-raw,
// base64url of the JSON payload>`, so nothing reaches a server and static hosting is enough. Only
// reproducible inputs go here; personal preferences stay in localStorage (prefs.ts). From version
// 2 the payload is deflated against a dictionary: the MLIR and Triton words of LINK_DICTIONARY,
// then the gallery example `x` the source is nearest to, so a gallery example, edited or not,
// costs little more than its edits (docs/decisions.md, "Short share links").
import { Inflate, deflateSync, strFromU8, strToU8 } from 'fflate';
import { EXAMPLES } from '../panes/examples';
import { LINK_DICTIONARY } from './link-dictionary';
import { BUILTIN_MODELS, GENERATOR_CHOICES, OPTION_SPECS, optionValue, setOption, type GeneratorChoice } from '../engine/options';
import { COMPARED_OPTIONS, isBuiltinModel, type CompareSpec } from '../model/compare';
import { PANES, defaultState, type AppState, type PaneId } from './state';

export const SHARE_VERSION = 2;

// Links longer than this break in common chat tools (Discord's 2000-character limit).
export const LONG_LINK_CHARS = 2000;

// A link is untrusted input: its payload is inflated only up to this size (docs/decisions.md).
// Real loop bodies are tens of KB; a deflate bomb of a few KB would otherwise unpack to GBs.
export const MAX_PAYLOAD_BYTES = 2 * 1024 * 1024;

class TooLarge extends Error {}

// Inflates `bytes`, giving up as soon as the output passes `cap` bytes.
function inflateCapped(bytes: Uint8Array, cap: number, dictionary?: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflate = new Inflate(dictionary ? { dictionary } : {}, (chunk) => {
    total += chunk.length;
    if (total > cap) throw new TooLarge();
    chunks.push(chunk);
  });
  const STEP = 16 * 1024; // a step inflates to at most ~16 MB (deflate's 1032:1), then the cap applies
  for (let i = 0; i < bytes.length || i === 0; i += STEP) inflate.push(bytes.subarray(i, i + STEP), i + STEP >= bytes.length);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const CUT_OFF = 'This link looks cut off: it ends before the snippet does. Copy the whole link again (chat tools and mail clients sometimes shorten long links).';

// Payload of versions 1 and 2. Short keys keep links short.
// Each option of the table with a share key is in the link under that key when it is not the
// default (a flag as 1): gen, cap, it, wb, st, chk, tl (core/contract/options.json).
interface PayloadV1 {
  src: string;
  model?: string; // built-in name or 'custom'; absent: the IR's target picks the model
  mj?: string; // custom model JSON
  cmp?: GeneratorChoice | CompareV1; // a generator alone as its name (the first format), else what the other side changes
  p: PaneId[];
  b?: number;
  [optionKey: string]: unknown;
}

// The other side of a comparison (additive: a reader that knows only generator names ignores it).
// An option it changes is under the option's share key (cap, st; core/contract/options.json).
interface CompareV1 {
  gen?: GeneratorChoice;
  model?: string; // built-in name or 'custom'
  mj?: string; // its edited model JSON
  src?: string; // the pinned source
  [optionKey: string]: unknown;
}

// migrations[n] turns a version-n payload into a version-(n+1) payload.
export type Migrations = Record<number, (payload: Record<string, unknown>) => Record<string, unknown>>;

export interface DecodeOptions {
  current: number;
  migrations: Migrations;
}

// Version 2 changed only the compression (a dictionary), not the payload; a format change bumps
// SHARE_VERSION and adds the step from the previous version here.
export const MIGRATIONS: Migrations = { 1: (p) => p };

// A deflate dictionary holds at most the 32 KB window; the example goes last (nearest, cheapest).
const WINDOW = 32 * 1024;

// 32-bit FNV-1a of a text: a link names the example it was made against by this too, so a link
// made before the example changed is refused instead of inflating to the wrong text.
function textHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

function dictionary(example: string | undefined): Uint8Array {
  const words = example === undefined ? LINK_DICTIONARY : LINK_DICTIONARY + JSON.stringify(example);
  const bytes = strToU8(words);
  return bytes.subarray(Math.max(0, bytes.length - WINDOW));
}

// The gallery example a source was most likely made from: the one that shares the most text
// with it, counted in whole lines, when that is a fifth of the source or more.
const exampleLines = new Map(EXAMPLES.map((e) => [e, new Set(e.source.split('\n'))]));
function nearestExample(src: string): (typeof EXAMPLES)[number] | undefined {
  const lines = src.split('\n');
  let best: (typeof EXAMPLES)[number] | undefined;
  let bestShared = src.length / 5;
  for (const [e, set] of exampleLines) {
    let shared = 0;
    for (const l of lines) if (set.has(l)) shared += l.length + 1;
    if (shared > bestShared) [best, bestShared] = [e, shared];
  }
  return best;
}

export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('the link is damaged (not base64url)');
  if (text.length % 4 === 1) throw new Error(CUT_OFF); // no base64 text has this length
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function compareToPayload(c: CompareSpec): GeneratorChoice | CompareV1 {
  const keys = Object.keys(c).filter((k) => c[k as keyof CompareSpec] !== undefined);
  if (keys.length === 1 && c.generator !== undefined) return c.generator;
  const p: CompareV1 = {};
  if (c.generator !== undefined) p.gen = c.generator;
  if (c.model !== undefined) p.model = c.model;
  if (c.model === 'custom') p.mj = c.modelJson ?? '';
  for (const spec of COMPARED_OPTIONS) if (spec.share && c[spec.key] !== undefined) p[spec.share] = c[spec.key];
  if (c.source !== undefined) p.src = c.source;
  return p;
}

function toPayload(s: AppState): PayloadV1 {
  const o = s.options;
  const p: PayloadV1 = { src: s.source, p: s.panes };
  if (o.model !== 'ir') p.model = o.model;
  if (o.model === 'custom') p.mj = o.modelJson;
  for (const spec of OPTION_SPECS)
    if (spec.share && o[spec.key] !== spec.default) p[spec.share] = spec.type === 'flag' ? 1 : o[spec.key];
  if (s.compare) p.cmp = compareToPayload(s.compare);
  if (s.block) p.b = s.block;
  return p;
}

const intIn = (v: unknown, lo: number, hi: number, dflt: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi ? v : dflt;

const generator = (v: unknown): GeneratorChoice | null =>
  GENERATOR_CHOICES.includes(v as GeneratorChoice) ? (v as GeneratorChoice) : null;

// A comparison as a link states it; what this playground cannot read is dropped with a warning.
function compareFromPayload(v: unknown, warnings: string[]): CompareSpec | null {
  if (v === undefined) return null;
  const gen = generator(v);
  if (gen) return { generator: gen };
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    warnings.push('the link’s comparison could not be read; showing one schedule');
    return null;
  }
  const o = v as Record<string, unknown>;
  const c: CompareSpec = {};
  if (o.gen !== undefined) c.generator = generator(o.gen) ?? undefined;
  if (o.model === 'custom' && typeof o.mj === 'string') {
    c.model = 'custom';
    c.modelJson = o.mj;
  } else if (isBuiltinModel(o.model)) {
    c.model = o.model;
  }
  for (const spec of COMPARED_OPTIONS) {
    const value = spec.share === undefined ? undefined : optionValue(spec, o[spec.share]);
    if (typeof value === 'number') c[spec.key] = value;
  }
  if (typeof o.src === 'string') c.source = o.src;
  for (const k of Object.keys(c) as Array<keyof CompareSpec>) if (c[k] === undefined) delete c[k];
  if (Object.keys(c).length === 0) {
    warnings.push('the link’s comparison could not be read; showing one schedule');
    return null;
  }
  return c;
}

// Anything missing or out of range falls back to its default, with a warning naming it.
function fromPayload(p: Record<string, unknown>, warnings: string[]): AppState {
  const s = defaultState(typeof p.src === 'string' ? p.src : '');
  if (typeof p.src !== 'string') warnings.push('the link has no source text');
  const o = s.options;
  if (p.model === 'custom' && typeof p.mj === 'string') {
    o.model = 'custom';
    o.modelJson = p.mj;
  } else if ((BUILTIN_MODELS as readonly unknown[]).includes(p.model)) {
    o.model = p.model as AppState['options']['model'];
  } else if (p.model !== undefined) {
    warnings.push(`unknown target model "${String(p.model)}" in the link; using the model of the IR’s target`);
  }
  for (const spec of OPTION_SPECS) {
    if (!spec.share || p[spec.share] === undefined) continue;
    const value = optionValue(spec, spec.type === 'flag' ? p[spec.share] === 1 : p[spec.share]);
    if (value !== undefined) setOption(o, spec.key, value);
  }
  s.compare = compareFromPayload(p.cmp, warnings);
  if (Array.isArray(p.p)) s.panes = PANES.filter((id) => (p.p as unknown[]).includes(id));
  s.block = intIn(p.b, 0, 1 << 16, 0);
  return s;
}

// Whether a link can carry `s` (its payload within the size a link may unpack to).
export function linkable(s: AppState): boolean {
  const texts = s.source.length + s.options.modelJson.length + (s.compare?.source?.length ?? 0) + (s.compare?.modelJson?.length ?? 0);
  return texts < MAX_PAYLOAD_BYTES / 4 || strToU8(JSON.stringify(toPayload(s))).length <= MAX_PAYLOAD_BYTES;
}

export function encodeState(s: AppState): string {
  const json = JSON.stringify(toPayload(s));
  const example = nearestExample(s.source);
  const bytes = deflateSync(strToU8(json), { level: 9, dictionary: dictionary(example?.source) });
  return `v=${SHARE_VERSION}${example ? `&x=${example.id}.${textHash(example.source)}` : ''}&s=${toBase64Url(bytes)}`;
}

// The dictionary a version-2 link was deflated against, or why it cannot be had.
function linkDictionary(x: string | null): Uint8Array | string {
  if (x === null) return dictionary(undefined);
  const [id, hash] = x.split('.');
  const example = EXAMPLES.find((e) => e.id === id);
  if (!example) return `This link was made from the gallery example “${id}”, which this playground does not have.`;
  if (textHash(example.source) !== hash) return `This link was made from an earlier version of the gallery example “${example.title}” and cannot be opened with this one.`;
  return dictionary(example.source);
}

// What went wrong with a link, in words for its reader (never the decoder's own message).
function linkError(e: unknown): string {
  if (e instanceof TooLarge) {
    return `This link unpacks to more than ${MAX_PAYLOAD_BYTES / (1024 * 1024)} MB, more than a playground link may carry, so it was not opened. Ask for the snippet as a file.`;
  }
  const m = String((e as Error)?.message ?? e);
  // A truncated deflate stream or JSON text: the link lost its end.
  if (m === CUT_OFF || /unexpected EOF|end of JSON|Unterminated|Unexpected end/i.test(m)) return CUT_OFF;
  return 'This link is damaged: it does not unpack to a playground snippet. Copy it again from where it was shared.';
}

// The payload text a link fragment carries, as the encoder wrote it (for tests and bug reports).
export function linkPayload(fragment: string): string {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const dict = Number(params.get('v')) >= 2 ? linkDictionary(params.get('x')) : undefined;
  if (typeof dict === 'string') throw new Error(dict);
  return strFromU8(inflateCapped(fromBase64Url(params.get('s') ?? ''), MAX_PAYLOAD_BYTES, dict));
}

export type Decoded =
  | { kind: 'none' } // the fragment holds no state
  | { kind: 'ok'; state: AppState; warnings: string[] }
  | { kind: 'error'; message: string };

export function decodeState(
  fragment: string,
  { current, migrations }: DecodeOptions = { current: SHARE_VERSION, migrations: MIGRATIONS },
): Decoded {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const v = params.get('v');
  const s = params.get('s');
  if (v === null && s === null) return { kind: 'none' };
  const version = Number(v);
  if (!Number.isInteger(version) || version < 1) return { kind: 'error', message: `the link has an invalid version "${v}"` };
  if (version > current) {
    return { kind: 'error', message: `the link was made by a newer playground (format v${version}; this one reads up to v${current})` };
  }
  if (s === null) return { kind: 'error', message: 'the link has no state (missing s=)' };
  const dict = version >= 2 ? linkDictionary(params.get('x')) : undefined;
  if (typeof dict === 'string') return { kind: 'error', message: dict };
  let payload: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(strFromU8(inflateCapped(fromBase64Url(s), MAX_PAYLOAD_BYTES, dict)));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    payload = parsed as Record<string, unknown>;
  } catch (e) {
    return { kind: 'error', message: linkError(e) };
  }
  for (let n = version; n < current; n++) {
    const step = migrations[n];
    if (!step) return { kind: 'error', message: `no migration from link format v${n} to v${n + 1}` };
    payload = step(payload);
  }
  const warnings: string[] = [];
  return { kind: 'ok', state: fromPayload(payload, warnings), warnings };
}
