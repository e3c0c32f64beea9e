// Host side of the scheduler workers, shared by every view of a page (the playground's main and
// comparison runs, each <tilesched-playground> element). A request carries its view id and slot;
// a newer request of the same view and slot supersedes the older one (its reply is 'stale'),
// requests of other views never do: they queue, first come first served, on a small pool of
// workers. A wasm call cannot be interrupted, so a time limit or a cancel terminates the worker
// running it and starts another, which reuses the compiled WebAssembly.Module.
import type { RawDocument } from './parse';
import { mergePart, type HostMessage, type WorkerMessage } from './protocol';
import type { ScheduleDocument } from './types';

export type EngineReply =
  | { kind: 'ok'; json: RawDocument; ms: number; doc?: ScheduleDocument } // doc: parsed by the worker
  | { kind: 'error'; error: string; ms: number }
  | { kind: 'timeout'; limitMs: number }
  | { kind: 'cancelled' }
  | { kind: 'stale' };

// Where a request is while the view waits for it.
export type RunProgress =
  | { phase: 'queued'; ahead: number } // waiting for a worker; `ahead` requests go first
  | { phase: 'loading' } // its worker is still downloading and compiling the module
  | { phase: 'running'; since: number }; // in the core since performance.now() = since

// Which view asked, and for which of its results ('main', 'compare').
export interface RunKey {
  view: string;
  slot: string;
}

export interface EngineConfig {
  timeLimitMs: number;
  // A running request that a newer one of the same key supersedes is abandoned (worker
  // replaced) once it has run this long; shorter ones are allowed to finish.
  supersedeAfterMs?: number;
  // Workers run requests in parallel up to this many; more start only once the first has
  // compiled the module (so it is compiled once).
  maxWorkers?: number;
  createWorker: () => Worker;
}

interface Job {
  id: number;
  key: RunKey;
  source: string;
  options: string;
  resolve: (reply: EngineReply) => void;
  progress?: (p: RunProgress) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  started: number;
  timer: ReturnType<typeof setTimeout> | null;
  // The job's document while its parts come in.
  receiving: { json: RawDocument; ms: number; doc: ScheduleDocument; missing: number } | null;
}

const keyOf = (k: RunKey) => `${k.view}\u0000${k.slot}`;

export class Engine {
  private slots: Slot[] = [];
  private module: WebAssembly.Module | null = null;
  private queue: Job[] = [];
  private latest = new Map<string, number>();
  private nextId = 1;
  private versionText: string | null = null;
  private versionWaiters: Array<(v: string) => void> = [];
  private readonly config: Required<EngineConfig>;
  // Workers replaced because a run passed the time limit (shown in the status bar, asserted by
  // the e2e suite). A run superseded or cancelled by the user also replaces its worker, but that
  // is what was asked for, so it is not counted: it made "worker restarted 1×" appear, unexplained,
  // after switching examples quickly.
  restarts = 0;

  constructor(config: EngineConfig) {
    this.config = { supersedeAfterMs: 300, maxWorkers: 1, ...config };
  }

  setTimeLimit(ms: number): void {
    this.config.timeLimitMs = ms;
  }

  get timeLimitMs(): number {
    return this.config.timeLimitMs;
  }

  version(): Promise<string> {
    if (this.versionText !== null) return Promise.resolve(this.versionText);
    if (this.slots.length === 0) this.spawn();
    return new Promise((resolve) => this.versionWaiters.push(resolve));
  }

  run(key: RunKey, source: string, options: string, progress?: (p: RunProgress) => void): Promise<EngineReply> {
    const id = this.nextId++;
    const k = keyOf(key);
    this.latest.set(k, id);
    this.queue = this.queue.filter((j) => {
      if (keyOf(j.key) !== k) return true;
      j.resolve({ kind: 'stale' });
      return false;
    });
    const reply = new Promise<EngineReply>((resolve) => {
      this.queue.push({ id, key, source, options, resolve, progress });
    });
    const busy = this.slots.find((s) => s.job && keyOf(s.job.key) === k);
    if (busy && busy.ready && performance.now() - busy.started > this.config.supersedeAfterMs) {
      this.replace(busy, { kind: 'stale' }, false);
    }
    this.pump();
    return reply;
  }

  // Ends every request of `view`, queued or running (its worker is replaced): they resolve as
  // 'cancelled'. Other views' requests keep their place.
  cancel(view: string): void {
    this.queue = this.queue.filter((j) => {
      if (j.key.view !== view) return true;
      j.resolve({ kind: 'cancelled' });
      return false;
    });
    for (const slot of [...this.slots]) {
      if (slot.job?.key.view === view) this.replace(slot, { kind: 'cancelled' }, false);
    }
    this.pump();
  }

  dispose(): void {
    for (const j of this.queue) j.resolve({ kind: 'stale' });
    this.queue = [];
    for (const slot of this.slots) {
      slot.worker.terminate();
      if (slot.job) this.finish(slot, { kind: 'stale' });
    }
    this.slots = [];
  }

  private spawn(): Slot {
    const w = this.config.createWorker();
    const slot: Slot = { worker: w, ready: false, job: null, started: 0, timer: null, receiving: null };
    w.onmessage = (e: MessageEvent<WorkerMessage>) => this.onMessage(slot, e.data);
    w.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      this.onInitError(slot, e.message || 'the scheduler worker failed to start');
    };
    const init: HostMessage = { type: 'init', module: this.module };
    w.postMessage(init);
    this.slots.push(slot);
    return slot;
  }

  private pump(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot) {
        // Grow the pool only once a worker has compiled the module, so it is compiled once.
        if (this.slots.length >= this.config.maxWorkers || (this.slots.length > 0 && !this.module)) break;
        slot = this.spawn();
      }
      const job = this.queue.shift()!;
      slot.job = job;
      slot.started = performance.now();
      const msg: HostMessage = { type: 'schedule', id: job.id, view: job.key.view, source: job.source, options: job.options };
      slot.worker.postMessage(msg);
      if (slot.ready) this.armTimer(slot);
      else job.progress?.({ phase: 'loading' });
    }
    this.queue.forEach((j, ahead) => j.progress?.({ phase: 'queued', ahead: ahead + this.slots.filter((s) => s.job).length }));
  }

  // The limit covers the scheduling call only, not the first module download and compile.
  private armTimer(slot: Slot): void {
    if (!slot.job || slot.timer) return;
    slot.started = performance.now();
    slot.job.progress?.({ phase: 'running', since: slot.started });
    slot.timer = setTimeout(() => this.replace(slot, { kind: 'timeout', limitMs: this.config.timeLimitMs }, true),
      this.config.timeLimitMs);
  }

  private finish(slot: Slot, reply: EngineReply): void {
    const job = slot.job!;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.receiving = null;
    const current = this.latest.get(keyOf(job.key)) === job.id;
    job.resolve(current || reply.kind === 'timeout' || reply.kind === 'cancelled' ? reply : { kind: 'stale' });
  }

  private replace(slot: Slot, replyForRunning: EngineReply, overLimit: boolean): void {
    slot.worker.terminate();
    this.slots = this.slots.filter((s) => s !== slot);
    if (overLimit) this.restarts++;
    if (slot.job) this.finish(slot, replyForRunning);
    this.pump();
  }

  private onMessage(slot: Slot, msg: WorkerMessage): void {
    if (!this.slots.includes(slot)) return;
    switch (msg.type) {
      case 'ready':
        slot.ready = true;
        this.module = msg.module;
        this.versionText = msg.version;
        for (const resolve of this.versionWaiters.splice(0)) resolve(msg.version);
        this.armTimer(slot);
        this.pump();
        return;
      case 'init-error':
        this.onInitError(slot, msg.error);
        return;
      case 'result':
        if (!slot.job || slot.job.id !== msg.id) return;
        performance.mark('tilesched:reply');
        if (msg.ok && msg.doc && msg.parts) {
          // The core is done (the time limit no longer applies); the document's parts follow.
          if (slot.timer) clearTimeout(slot.timer);
          slot.timer = null;
          slot.receiving = { json: msg.json ?? '', ms: msg.ms, doc: msg.doc, missing: msg.parts };
          return;
        }
        this.finish(slot, msg.ok
          ? { kind: 'ok', json: msg.json ?? '', ms: msg.ms, doc: msg.doc }
          : { kind: 'error', error: msg.error ?? 'unknown error', ms: msg.ms });
        this.pump();
        return;
      case 'part': {
        const r = slot.receiving;
        if (!r || slot.job?.id !== msg.id) return;
        mergePart(r.doc, msg);
        if (--r.missing > 0) return;
        this.finish(slot, { kind: 'ok', json: r.json, ms: r.ms, doc: r.doc });
        this.pump();
        return;
      }
    }
  }

  // Without a module nothing can run: fail what is waiting; the next run() tries again.
  private onInitError(slot: Slot, error: string): void {
    if (!this.slots.includes(slot)) return;
    slot.worker.terminate();
    this.slots = this.slots.filter((s) => s !== slot);
    const message = `could not load the scheduler module: ${error}`;
    if (slot.job) this.finish(slot, { kind: 'error', error: message, ms: 0 });
    if (this.slots.some((s) => s.ready)) {
      this.pump();
      return;
    }
    for (const j of this.queue.splice(0)) j.resolve({ kind: 'error', error: message, ms: 0 });
  }
}
