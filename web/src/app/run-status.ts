// The run status line of a view: where the run is (waiting for a worker, loading the module,
// scheduling for how long, against which time limit) with a Cancel button, then the outcome:
// the caller's summary, an engine error, a time-out or a cancel; and whether the results on
// screen are out of date.
import type { RunProgress } from '../engine/engine';
import { h } from '../ui/dom';
import type { Results, Session } from './session';

export interface RunStatusConfig {
  timeLimitMs: () => number;
  doneText: (r: Results) => string;
  onRun: () => void;
}

function phaseText(p: RunProgress): string {
  switch (p.phase) {
    case 'queued': return p.ahead > 0 ? `Waiting for the scheduler (${p.ahead} run${p.ahead > 1 ? 's' : ''} ahead)…` : 'Starting…';
    case 'loading': return 'Loading the scheduler…';
    case 'running': return 'Scheduling…';
  }
}

export class RunStatus {
  readonly el = h('div', { class: 'run-status', 'data-testid': 'run-status' });
  private live = h('span', { class: 'run-text', role: 'status' });
  private bar = h('progress', { class: 'run-progress', 'data-testid': 'run-progress', 'aria-label': 'run progress' });
  private clock = h('span', { class: 'run-clock muted', 'aria-hidden': 'true' });
  private cancel = h('button', { type: 'button', class: 'cancel', 'data-testid': 'cancel-run' }, 'Cancel');
  private staleNote = h('span', { class: 'stale-note', 'data-testid': 'stale-note' });
  private ticker: ReturnType<typeof setInterval> | null = null;

  constructor(private session: Session, private cfg: RunStatusConfig) {
    this.cancel.addEventListener('click', () => session.cancel());
    session.results.subscribe(() => this.render());
    session.progress.subscribe(() => this.renderProgress());
    this.render();
  }

  private render(): void {
    const r = this.session.results.get();
    this.el.dataset.runs = String(r.runs);
    this.el.dataset.status = r.status;
    this.el.className = `run-status status-${r.status}`;
    const parts: Node[] = [];
    if (r.status === 'running') {
      parts.push(this.bar, this.live, this.clock, this.cancel);
    } else {
      this.live.textContent = r.status === 'done' ? this.cfg.doneText(r)
        : r.status === 'cancelled' ? 'Run cancelled.' : '';
      parts.push(this.live);
      if (r.status === 'error' || r.status === 'timeout') {
        parts.push(h('span', { class: 'engine-error', role: 'alert', 'data-testid': r.status === 'timeout' ? 'engine-timeout' : 'engine-error' }, r.error));
      }
    }
    if (r.stale && r.doc) {
      this.staleNote.replaceChildren(r.status === 'running'
        ? 'The results below are from the previous run.'
        : 'Edited since this run: the results below are out of date. ',
      r.status === 'running' ? '' : h('button', { type: 'button', class: 'link', onclick: () => this.cfg.onRun() }, 'Run now'));
      parts.push(this.staleNote);
    }
    this.el.replaceChildren(...parts);
    this.renderProgress();
  }

  private renderProgress(): void {
    const p = this.session.progress.get().now;
    const running = this.session.results.get().status === 'running' && p !== null;
    if (!running) {
      if (this.ticker) clearInterval(this.ticker);
      this.ticker = null;
      return;
    }
    this.live.textContent = phaseText(p);
    if (p.phase === 'running') {
      const tick = () => {
        const s = (performance.now() - p.since) / 1000;
        const limit = this.cfg.timeLimitMs() / 1000;
        this.bar.max = limit;
        this.bar.value = Math.min(s, limit);
        this.clock.textContent = `${s.toFixed(1)} s (stops at ${limit.toFixed(limit < 10 ? 1 : 0)} s)`;
      };
      tick();
      if (this.ticker) clearInterval(this.ticker);
      this.ticker = setInterval(tick, 200);
    } else {
      this.bar.removeAttribute('value'); // indeterminate
      this.clock.textContent = '';
    }
  }
}
