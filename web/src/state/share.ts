// Share links: the state lives in the URL fragment as `#v=<version>&s=<deflate-raw, base64url
// of the JSON payload>`, so nothing reaches a server and static hosting is enough. Only
// reproducible inputs go here; personal preferences stay in localStorage (prefs.ts).
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { BUILTIN_MODELS, GENERATOR_CHOICES, type GeneratorChoice } from '../engine/options';
import { PANES, defaultState, type AppState, type PaneId } from './state';

export const SHARE_VERSION = 1;

// Links longer than this break in common chat tools (Discord's 2000-character limit).
export const LONG_LINK_CHARS = 2000;

// Payload of version SHARE_VERSION. Short keys keep links short.
interface PayloadV1 {
  src: string;
  gen: GeneratorChoice;
  model: string; // built-in name or 'custom'
  mj?: string; // custom model JSON
  cap: number;
  it: number;
  chk?: 1;
  wb?: number; // search budget, when not the default
  cmp?: GeneratorChoice;
  p: PaneId[];
  b?: number;
}

// migrations[n] turns a version-n payload into a version-(n+1) payload.
export type Migrations = Record<number, (payload: Record<string, unknown>) => Record<string, unknown>>;

export interface DecodeOptions {
  current: number;
  migrations: Migrations;
}

// Version 1 is the first published format, so there is nothing to migrate yet; a format change
// bumps SHARE_VERSION and adds the step from the previous version here.
export const MIGRATIONS: Migrations = {};

export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('the link is damaged (not base64url)');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function toPayload(s: AppState): PayloadV1 {
  const o = s.options;
  const p: PayloadV1 = {
    src: s.source, gen: o.generator, model: o.model, cap: o.iiCap, it: o.maxConstraintIterations,
    p: s.panes,
  };
  if (o.model === 'custom') p.mj = o.modelJson;
  if (o.check) p.chk = 1;
  if (o.workBudget) p.wb = o.workBudget;
  if (s.compare) p.cmp = s.compare;
  if (s.block) p.b = s.block;
  return p;
}

const intIn = (v: unknown, lo: number, hi: number, dflt: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi ? v : dflt;

const generator = (v: unknown): GeneratorChoice | null =>
  GENERATOR_CHOICES.includes(v as GeneratorChoice) ? (v as GeneratorChoice) : null;

// Anything missing or out of range falls back to its default, with a warning naming it.
function fromPayload(p: Record<string, unknown>, warnings: string[]): AppState {
  const s = defaultState(typeof p.src === 'string' ? p.src : '');
  if (typeof p.src !== 'string') warnings.push('the link has no source text');
  const o = s.options;
  o.generator = generator(p.gen) ?? o.generator;
  if (p.model === 'custom' && typeof p.mj === 'string') {
    o.model = 'custom';
    o.modelJson = p.mj;
  } else if ((BUILTIN_MODELS as readonly unknown[]).includes(p.model)) {
    o.model = p.model as AppState['options']['model'];
  } else if (p.model !== undefined) {
    warnings.push(`unknown target model "${String(p.model)}" in the link; using ${o.model}`);
  }
  o.iiCap = intIn(p.cap, 0, 1 << 20, o.iiCap);
  o.maxConstraintIterations = intIn(p.it, 0, 1 << 16, o.maxConstraintIterations);
  o.check = p.chk === 1;
  o.workBudget = intIn(p.wb, 0, Number.MAX_SAFE_INTEGER, 0);
  s.compare = generator(p.cmp);
  if (Array.isArray(p.p)) s.panes = PANES.filter((id) => (p.p as unknown[]).includes(id));
  s.block = intIn(p.b, 0, 1 << 16, 0);
  return s;
}

export function encodeState(s: AppState): string {
  const json = JSON.stringify(toPayload(s));
  return `v=${SHARE_VERSION}&s=${toBase64Url(deflateSync(strToU8(json), { level: 9 }))}`;
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
  let payload: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(strFromU8(inflateSync(fromBase64Url(s))));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    payload = parsed as Record<string, unknown>;
  } catch (e) {
    return { kind: 'error', message: `the link is damaged: ${(e as Error).message}` };
  }
  for (let n = version; n < current; n++) {
    const step = migrations[n];
    if (!step) return { kind: 'error', message: `no migration from link format v${n} to v${n + 1}` };
    payload = step(payload);
  }
  const warnings: string[] = [];
  return { kind: 'ok', state: fromPayload(payload, warnings), warnings };
}
