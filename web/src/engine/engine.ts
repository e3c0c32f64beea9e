// Host side of the scheduler worker: request ids per channel (only a channel's newest request
// is answered, older replies come back as 'stale'), a time limit after which the worker is
// terminated and replaced, and reuse of the compiled WebAssembly.Module across replacements.
import type { HostMessage, WorkerMessage } from './protocol';

export type EngineReply =
  | { kind: 'ok'; json: string; ms: number }
  | { kind: 'error'; error: string; ms: number }
  | { kind: 'timeout'; limitMs: number }
  | { kind: 'stale' };

export interface EngineConfig {
  timeLimitMs: number;
  // A running request that a newer one of the same channel supersedes is abandoned (worker
  // replaced) once it has run this long; shorter ones are allowed to finish.
  supersedeAfterMs?: number;
  createWorker: () => Worker;
}

interface Job {
  id: number;
  channel: string;
  source: string;
  options: string;
  resolve: (reply: EngineReply) => void;
}

interface Running {
  job: Job;
  started: number;
  timer: ReturnType<typeof setTimeout> | null;
}

export class Engine {
  private worker: Worker | null = null;
  private ready = false;
  private module: WebAssembly.Module | null = null;
  private queue: Job[] = [];
  private running: Running | null = null;
  private latest = new Map<string, number>();
  private nextId = 1;
  private versionText: string | null = null;
  private versionWaiters: Array<(v: string) => void> = [];
  private readonly config: Required<EngineConfig>;
  // Observable counters (shown in the status bar, asserted by the e2e suite).
  restarts = 0;

  constructor(config: EngineConfig) {
    this.config = { supersedeAfterMs: 300, ...config };
  }

  setTimeLimit(ms: number): void {
    this.config.timeLimitMs = ms;
  }

  get timeLimitMs(): number {
    return this.config.timeLimitMs;
  }

  version(): Promise<string> {
    if (this.versionText !== null) return Promise.resolve(this.versionText);
    this.ensureWorker();
    return new Promise((resolve) => this.versionWaiters.push(resolve));
  }

  run(channel: string, source: string, options: string): Promise<EngineReply> {
    const id = this.nextId++;
    this.latest.set(channel, id);
    this.queue = this.queue.filter((j) => {
      if (j.channel !== channel) return true;
      j.resolve({ kind: 'stale' });
      return false;
    });
    const reply = new Promise<EngineReply>((resolve) => {
      this.queue.push({ id, channel, source, options, resolve });
    });
    const r = this.running;
    if (r && r.job.channel === channel && performance.now() - r.started > this.config.supersedeAfterMs) {
      this.replaceWorker({ kind: 'stale' });
    }
    this.pump();
    return reply;
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const j of this.queue) j.resolve({ kind: 'stale' });
    this.queue = [];
    if (this.running) this.finish({ kind: 'stale' });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = this.config.createWorker();
    w.onmessage = (e: MessageEvent<WorkerMessage>) => this.onMessage(w, e.data);
    w.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      this.onInitError(w, e.message || 'the scheduler worker failed to start');
    };
    const init: HostMessage = { type: 'init', module: this.module };
    w.postMessage(init);
    this.worker = w;
    this.ready = false;
    return w;
  }

  private pump(): void {
    if (this.running || this.queue.length === 0) return;
    const w = this.ensureWorker();
    const job = this.queue.shift()!;
    this.running = { job, started: performance.now(), timer: null };
    const msg: HostMessage = { type: 'schedule', id: job.id, source: job.source, options: job.options };
    w.postMessage(msg);
    if (this.ready) this.armTimer();
  }

  // The limit covers the scheduling call only, not the first module download and compile.
  private armTimer(): void {
    const r = this.running;
    if (!r || r.timer) return;
    r.started = performance.now();
    r.timer = setTimeout(() => this.replaceWorker({ kind: 'timeout', limitMs: this.config.timeLimitMs }),
      this.config.timeLimitMs);
  }

  private finish(reply: EngineReply): void {
    const r = this.running!;
    if (r.timer) clearTimeout(r.timer);
    this.running = null;
    const current = this.latest.get(r.job.channel) === r.job.id;
    r.job.resolve(current || reply.kind === 'timeout' ? reply : { kind: 'stale' });
  }

  private replaceWorker(replyForRunning: EngineReply): void {
    this.worker?.terminate();
    this.worker = null;
    this.ready = false;
    this.restarts++;
    if (this.running) this.finish(replyForRunning);
    this.pump();
  }

  private onMessage(w: Worker, msg: WorkerMessage): void {
    if (w !== this.worker) return;
    switch (msg.type) {
      case 'ready':
        this.ready = true;
        this.module = msg.module;
        this.versionText = msg.version;
        for (const resolve of this.versionWaiters.splice(0)) resolve(msg.version);
        this.armTimer();
        return;
      case 'init-error':
        this.onInitError(w, msg.error);
        return;
      case 'result':
        if (!this.running || this.running.job.id !== msg.id) return;
        this.finish(msg.ok
          ? { kind: 'ok', json: msg.json ?? '', ms: msg.ms }
          : { kind: 'error', error: msg.error ?? 'unknown error', ms: msg.ms });
        this.pump();
        return;
    }
  }

  // Without a module nothing can run: fail what is waiting; the next run() tries again.
  private onInitError(w: Worker, error: string): void {
    if (w !== this.worker) return;
    w.terminate();
    this.worker = null;
    this.ready = false;
    const message = `could not load the scheduler module: ${error}`;
    if (this.running) this.finish({ kind: 'error', error: message, ms: 0 });
    for (const j of this.queue.splice(0)) j.resolve({ kind: 'error', error: message, ms: 0 });
  }
}
