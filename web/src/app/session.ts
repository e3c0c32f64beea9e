// One playground session (one view: the full playground, an embed page, or one custom element):
// the shareable state, the runs it asks the shared engine for under its own view id, where the
// current run is, and the parsed results, marked stale once the inputs change under them.
import type { Engine, EngineReply, RunProgress } from '../engine/engine';
import { toOptionsJson } from '../engine/options';
import { compareInputs } from '../model/compare';
import { DocumentError, parseDocument, rawText, type RawDocument } from '../engine/parse';
import type { ScheduleDocument } from '../engine/types';
import { engineErrorText } from '../engine/engine-errors';
import { Store, type AppState } from '../state/state';

export type RunStatus = 'idle' | 'running' | 'done' | 'error' | 'timeout' | 'cancelled';

export interface Results {
  status: RunStatus;
  doc: ScheduleDocument | null;
  json: RawDocument; // the document exactly as the core returned it (JSON pane, download)
  compareDoc: ScheduleDocument | null;
  error: string; // engine or document error, '' when none
  ms: number; // time spent in the core
  runs: number; // completed runs, for tests and the status bar
  stale: boolean; // doc was computed from other inputs than the current ones
}

const EMPTY: Results = { status: 'idle', doc: null, json: '', compareDoc: null, error: '', ms: 0, runs: 0, stale: false };

// Fields whose change needs a new run.
const RUN_KEYS = ['source', 'options', 'compare'] as const;

let views = 0;

export class Session {
  readonly id = `view-${++views}`;
  readonly state: Store<AppState>;
  readonly results = new Store<Results>({ ...EMPTY });
  // Where the current run is; kept apart from `results` so a progress tick redraws no pane.
  readonly progress = new Store<{ now: RunProgress | null }>({ now: null });
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private engine: Engine, initial: AppState, private debounceMs = 350) {
    this.state = new Store(initial);
    this.state.subscribe((now, before) => {
      if (RUN_KEYS.some((k) => now[k] !== before[k]) && this.results.get().doc && !this.results.get().stale) {
        this.results.update({ stale: true });
      }
    });
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

  // Stops this view's run (its worker is replaced); the last results stay, marked stale.
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.engine.cancel(this.id);
  }

  async run(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const s = this.state.get();
    this.results.update({ status: 'running', stale: this.results.get().doc !== null });
    this.progress.update({ now: { phase: 'queued', ahead: 0 } });
    const onProgress = (p: RunProgress) => this.progress.update({ now: p });
    const main = this.engine.run({ view: this.id, slot: 'main' }, s.source, toOptionsJson(s.options), onProgress);
    const other = s.compare ? compareInputs(s.compare, s.source, s.options) : null;
    const second = other
      ? this.engine.run({ view: this.id, slot: 'compare' }, other.source, toOptionsJson(other.options))
      : Promise.resolve(null);
    const [reply, compareReply] = await Promise.all([main, second]);
    if (reply.kind === 'stale') return;
    this.progress.update({ now: null });
    if (reply.kind === 'cancelled') {
      this.results.update({ status: 'cancelled', error: '', stale: this.results.get().doc !== null });
      return;
    }
    this.results.update(this.toResults(reply, compareReply));
  }

  private toResults(reply: Exclude<EngineReply, { kind: 'stale' | 'cancelled' }>, compareReply: EngineReply | null): Results {
    const runs = this.results.get().runs + 1;
    if (reply.kind === 'timeout') {
      return {
        ...EMPTY, runs, status: 'timeout',
        error: `Stopped after ${(reply.limitMs / 1000).toFixed(1)} s: the scheduler ran past the time limit, so its worker was replaced. Lower the search budget (it bounds the search on any input), the II cap or the constraint iterations, or raise the limit in the preferences.`,
      };
    }
    if (reply.kind === 'error') return { ...EMPTY, runs, status: 'error', error: engineErrorText(reply.error), ms: reply.ms };
    try {
      const doc = reply.doc ?? parseDocument(rawText(reply.json));
      const compareDoc = compareReply?.kind === 'ok' ? compareReply.doc ?? parseDocument(rawText(compareReply.json)) : null;
      return { status: 'done', doc, json: reply.json, compareDoc, error: '', ms: reply.ms, runs, stale: false };
    } catch (e) {
      if (!(e instanceof DocumentError)) throw e;
      return { ...EMPTY, runs, status: 'error', error: e.message, json: reply.json, ms: reply.ms };
    }
  }
}
