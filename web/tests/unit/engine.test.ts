import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Engine, type EngineReply } from '../../src/engine/engine';
import { parseDocument, rawText } from '../../src/engine/parse';
import { splitDocument } from '../../src/engine/protocol';
import type { ScheduleDocument } from '../../src/engine/types';
import { fixture } from './helpers';
import type { HostMessage, WorkerMessage } from '../../src/engine/protocol';

// A stand-in for the scheduler worker: answers init at once and schedule requests when the
// test says so; records what it was sent and whether it was terminated.
class FakeWorker {
  static all: FakeWorker[] = [];
  onmessage: ((e: MessageEvent<WorkerMessage>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  received: HostMessage[] = [];
  terminated = false;
  initModule: WebAssembly.Module | null | undefined;

  constructor(private failInit = false) {
    FakeWorker.all.push(this);
  }

  postMessage(msg: HostMessage): void {
    this.received.push(msg);
    if (msg.type === 'init') {
      this.initModule = msg.module;
      const module = msg.module ?? ({ compiledBy: FakeWorker.all.length } as unknown as WebAssembly.Module);
      queueMicrotask(() => this.emit(this.failInit
        ? { type: 'init-error', error: 'tilesched.wasm: HTTP 404' }
        : { type: 'ready', version: '0.1.0', module }));
    }
  }

  terminate(): void {
    this.terminated = true;
  }

  emit(msg: WorkerMessage): void {
    if (!this.terminated) this.onmessage?.({ data: msg } as MessageEvent<WorkerMessage>);
  }

  requests(): Array<Extract<HostMessage, { type: 'schedule' }>> {
    return this.received.filter((m): m is Extract<HostMessage, { type: 'schedule' }> => m.type === 'schedule');
  }

  answer(json = '{"version":1}'): void {
    const req = this.requests().at(-1)!;
    this.emit({ type: 'result', id: req.id, ok: true, json: new TextEncoder().encode(`${json}/${req.source}`), ms: 1 });
  }
}

const flush = () => vi.advanceTimersByTimeAsync(0);

function engine(timeLimitMs = 1000, failInit = false, maxWorkers = 1): Engine {
  return new Engine({ timeLimitMs, supersedeAfterMs: 300, maxWorkers, createWorker: () => new FakeWorker(failInit) as unknown as Worker });
}

// A reply with its document as text.
const done = async (p: Promise<EngineReply>) => {
  const r = await p;
  return r.kind === 'ok' ? { ...r, json: rawText(r.json) } : r;
};

const MAIN = { view: 'v1', slot: 'main' };
const COMPARE = { view: 'v1', slot: 'compare' };
const OTHER = { view: 'v2', slot: 'main' };

beforeEach(() => {
  FakeWorker.all = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => vi.useRealTimers());

describe('engine host', () => {
  it('answers a request with the worker result', async () => {
    const e = engine();
    const reply = e.run(MAIN, 'a', '{}');
    await flush();
    FakeWorker.all[0].answer();
    expect(await done(reply)).toEqual({ kind: 'ok', json: '{"version":1}/a', ms: 1 });
    expect(await e.version()).toBe('0.1.0');
  });

  it('drops queued requests of a channel that a newer one supersedes', async () => {
    const e = engine();
    const first = e.run(MAIN, 'a', '{}');
    const second = e.run(MAIN, 'b', '{}');
    const third = e.run(MAIN, 'c', '{}');
    await flush();
    const w = FakeWorker.all[0];
    expect(await done(second)).toEqual({ kind: 'stale' });
    w.answer(); // 'a' was already running when b and c came in
    expect(await done(first)).toEqual({ kind: 'stale' });
    await flush();
    expect(w.requests().map((r) => r.source)).toEqual(['a', 'c']);
    w.answer();
    expect(await done(third)).toMatchObject({ kind: 'ok', json: '{"version":1}/c' });
  });

  it('keeps channels independent', async () => {
    const e = engine();
    const main = e.run(MAIN, 'a', '{}');
    const cmp = e.run(COMPARE, 'b', '{}');
    await flush();
    const w = FakeWorker.all[0];
    w.answer();
    await flush();
    w.answer();
    expect(await done(main)).toMatchObject({ kind: 'ok', json: '{"version":1}/a' });
    expect(await done(cmp)).toMatchObject({ kind: 'ok', json: '{"version":1}/b' });
  });

  it('terminates a run past the time limit and reuses the compiled module in the new worker', async () => {
    const e = engine(1000);
    const slow = e.run(MAIN, 'loop', '{}');
    await flush();
    const first = FakeWorker.all[0];
    await vi.advanceTimersByTimeAsync(999);
    expect(first.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done(slow)).toEqual({ kind: 'timeout', limitMs: 1000 });
    expect(first.terminated).toBe(true);
    expect(e.restarts).toBe(1);

    const next = e.run(MAIN, 'small', '{}');
    await flush();
    const second = FakeWorker.all[1];
    expect(second.initModule).toEqual({ compiledBy: 1 });
    second.answer();
    expect(await done(next)).toMatchObject({ kind: 'ok', json: '{"version":1}/small' });
  });

  it('abandons a long superseded run instead of waiting for it', async () => {
    const e = engine(10000);
    const old = e.run(MAIN, 'big', '{}');
    await flush();
    await vi.advanceTimersByTimeAsync(500);
    const fresh = e.run(MAIN, 'edited', '{}');
    expect(await done(old)).toEqual({ kind: 'stale' });
    expect(FakeWorker.all[0].terminated).toBe(true);
    // What the user asked for (a newer run), not a worker restart to report.
    expect(e.restarts).toBe(0);
    await flush();
    FakeWorker.all[1].answer();
    expect(await done(fresh)).toMatchObject({ kind: 'ok', json: '{"version":1}/edited' });
  });

  it('ignores replies of a terminated worker', async () => {
    const e = engine(1000);
    const slow = e.run(MAIN, 'loop', '{}');
    await flush();
    const first = FakeWorker.all[0];
    await vi.advanceTimersByTimeAsync(1000);
    await slow;
    const next = e.run(MAIN, 'x', '{}');
    await flush();
    first.terminated = false; // a late message from the old worker must not answer 'x'
    first.emit({ type: 'result', id: first.requests()[0].id, ok: true, json: new TextEncoder().encode('late'), ms: 1 });
    FakeWorker.all[1].answer();
    expect(await done(next)).toMatchObject({ json: '{"version":1}/x' });
  });

  it('reports a module that cannot load, and retries on the next run', async () => {
    const e = engine(1000, true);
    const r = await Promise.all([e.run(MAIN, 'a', '{}'), flush()]).then(([x]) => x);
    expect(r).toMatchObject({ kind: 'error' });
    expect(r.kind === 'error' && r.error).toContain('could not load the scheduler module: tilesched.wasm: HTTP 404');
    const again = e.run(MAIN, 'b', '{}');
    await flush();
    expect(FakeWorker.all).toHaveLength(2);
    expect(await done(again)).toMatchObject({ kind: 'error' });
  });

  it('never lets one view supersede another: every view gets its own reply', async () => {
    const e = engine();
    const replies = Array.from({ length: 12 }, (_, i) => e.run({ view: `v${i}`, slot: 'main' }, `s${i}`, '{}'));
    await flush();
    const w = FakeWorker.all[0];
    for (let i = 0; i < 12; i++) {
      w.answer();
      await flush();
    }
    expect(await Promise.all(replies.map(done))).toEqual(replies.map((_, i) => ({ kind: 'ok', json: `{"version":1}/s${i}`, ms: 1 })));
    expect(w.requests().map((r) => r.view)).toEqual(replies.map((_, i) => `v${i}`));
  });

  it('starts a second worker once the first has compiled the module, and runs views in parallel', async () => {
    const e = engine(1000, false, 2);
    const a = e.run(MAIN, 'a', '{}');
    const b = e.run(OTHER, 'b', '{}');
    expect(FakeWorker.all).toHaveLength(1); // the module is not compiled yet
    await flush();
    expect(FakeWorker.all).toHaveLength(2);
    expect(FakeWorker.all[1].initModule).toEqual({ compiledBy: 1 });
    await flush();
    FakeWorker.all[1].answer();
    expect(await done(b)).toMatchObject({ json: '{"version":1}/b' });
    FakeWorker.all[0].answer();
    expect(await done(a)).toMatchObject({ json: '{"version":1}/a' });
  });

  it('cancels one view (its running worker replaced) and keeps the others queued', async () => {
    const e = engine(10000);
    const progress: string[] = [];
    const mine = e.run(MAIN, 'long', '{}', (p) => progress.push(p.phase));
    const theirs = e.run(OTHER, 'x', '{}', (p) => progress.push(`other:${p.phase}`));
    await flush();
    e.cancel('v1');
    expect(await done(mine)).toEqual({ kind: 'cancelled' });
    expect(FakeWorker.all[0].terminated).toBe(true);
    await flush();
    FakeWorker.all[1].answer();
    expect(await done(theirs)).toMatchObject({ kind: 'ok', json: '{"version":1}/x' });
    expect(progress).toContain('running');
    expect(progress).toContain('other:queued');
  });

  it('assembles a document the worker sends in parts, each message a task of its own', async () => {
    const e = engine();
    const reply = e.run(MAIN, 'big', '{}');
    await flush();
    const w = FakeWorker.all[0];
    const id = w.requests()[0].id;
    const doc = bigDocument(4500);
    const { shell, parts } = splitDocument(doc, id);
    expect(shell.blocks[0].ops).toEqual([]);
    expect(parts.length).toBeGreaterThan(2);
    w.emit({ type: 'result', id, ok: true, json: new TextEncoder().encode('{}'), ms: 3, doc: shell, parts: parts.length });
    for (const part of parts.slice(0, -1)) w.emit(part);
    let settled = false;
    void reply.then(() => (settled = true));
    await flush();
    expect(settled).toBe(false);
    w.emit(parts.at(-1)!);
    const r = await reply;
    expect(r.kind === 'ok' && r.doc).toEqual(doc);
  });
});

// A parsed document with `n` ops, as many trace entries and a table of n/4 rows.
function bigDocument(n: number): ScheduleDocument {
  const base = parseDocument(fixture('scheduled.json'));
  const b = base.blocks[0];
  const ops = Array.from({ length: n }, (_, id) => ({ ...b.ops[0], id, line: id + 1 }));
  const trace = Array.from({ length: n }, (_, step) => ({ ...b.trace![0], step }));
  const occupied = Array.from({ length: n / 4 }, (_, row) => ({ row, cells: [{ resource: 0, ops: [row] }] }));
  return { ...base, blocks: [{ ...b, ops, trace, rrt: { ...b.rrt!, ii: n / 4, occupied } }] };
}
