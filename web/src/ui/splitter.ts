// A window splitter (WAI-ARIA "window splitter" pattern): a focusable separator between two
// regions whose value is the first region's share of the width, in percent. It moves by pointer
// drag, or from the keyboard: ← → by `step`, Home and End to the limits.
import { h } from './dom';

export interface SplitterConfig {
  label: string;
  controls: string; // id of the region it sizes
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
}

export function splitter(cfg: SplitterConfig): HTMLElement {
  const el = h('div', {
    class: 'splitter', role: 'separator', tabindex: '0', 'aria-orientation': 'vertical', 'aria-label': cfg.label,
    'aria-controls': cfg.controls, 'aria-valuemin': cfg.min, 'aria-valuemax': cfg.max, 'data-testid': 'splitter',
  });
  let value = cfg.value;
  const set = (v: number) => {
    value = Math.round(Math.min(cfg.max, Math.max(cfg.min, v)) * 10) / 10;
    el.setAttribute('aria-valuenow', String(value));
    cfg.onChange(value);
  };
  el.setAttribute('aria-valuenow', String(value));
  el.addEventListener('keydown', (e) => {
    const next = { ArrowLeft: value - cfg.step, ArrowRight: value + cfg.step, Home: cfg.min, End: cfg.max }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    set(next);
  });
  el.addEventListener('pointerdown', (e) => {
    const box = el.parentElement?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    el.setPointerCapture(e.pointerId);
    const move = (m: PointerEvent) => set((100 * (m.clientX - box.left)) / box.width);
    const up = () => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
  });
  return el;
}
