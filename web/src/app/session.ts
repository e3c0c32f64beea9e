// One playground session: the shareable state, the runs it triggers on the engine, and the
// parsed results. The full playground, the embed page and the custom element all use it.
import type { Engine, EngineReply } from '../engine/engine';
import { toOptionsJson } from '../engine/options';
import { DocumentError, parseDocument } from '../engine/parse';
import type { ScheduleDocument } from '../engine/types';
import { Store, type AppState } from '../state/state';

export type RunStatus = 'idle' | 'running' | 'done' | 'error' | 'timeout';

export interface Results {
  status: RunStatus;
  doc: ScheduleDocument | null;
  json: string; // the document exactly as the core returned it (for download)
  compareDoc: ScheduleDocument | null;
  error: string; // engine or document error, '' when none
  ms: number; // time spent in the core
  runs: number; // completed runs, for tests and the status bar
}

const EMPTY: Results = { status: 'idle', doc: null, json: '', compareDoc: null, error: '', ms: 0, runs: 0 };

// Fields whose change needs a new run.
const RUN_KEYS = ['source', 'options', 'compare'] as const;

export class Session {
  readonly state: Store<AppState>;
  readonly results = new Store<Results>({ ...EMPTY });
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private engine: Engine, initial: AppState, private debounceMs = 350) {
    this.state = new Store(initial);
  }

  // Re-runs after a debounce when the source or the options change (run-on-edit).
  watch(enabled: () => boolean): void {
    this.state.subscribe((now, before) => {
      if (enabled() && RUN_KEYS.some((k) => now[k] !== before[k])) this.schedule();
    });
  }

  schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), this.debounceMs);
  }

  async run(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const s = this.state.get();
    this.results.update({ status: 'running' });
    const main = this.engine.run('main', s.source, toOptionsJson(s.options));
    const second = s.compare
      ? this.engine.run('compare', s.source, toOptionsJson({ ...s.options, generator: s.compare }))
      : Promise.resolve(null);
    const [reply, compareReply] = await Promise.all([main, second]);
    if (reply.kind === 'stale') return;
    this.results.update(this.toResults(reply, compareReply));
  }

  private toResults(reply: Exclude<EngineReply, { kind: 'stale' }>, compareReply: EngineReply | null): Results {
    const runs = this.results.get().runs + 1;
    if (reply.kind === 'timeout') {
      return {
        ...EMPTY, runs, status: 'timeout',
        error: `Stopped after ${(reply.limitMs / 1000).toFixed(1)} s: the scheduler ran past the time limit, so its worker was replaced. Lower the II cap or the constraint iterations, or raise the limit in the preferences.`,
      };
    }
    if (reply.kind === 'error') return { ...EMPTY, runs, status: 'error', error: reply.error, ms: reply.ms };
    try {
      const doc = parseDocument(reply.json);
      const compareDoc = compareReply?.kind === 'ok' ? parseDocument(compareReply.json) : null;
      return { status: 'done', doc, json: reply.json, compareDoc, error: '', ms: reply.ms, runs };
    } catch (e) {
      if (!(e instanceof DocumentError)) throw e;
      return { ...EMPTY, runs, status: 'error', error: e.message, json: reply.json, ms: reply.ms };
    }
  }
}
