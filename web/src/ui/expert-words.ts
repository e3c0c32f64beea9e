// Whether the page shows the scheduler's own names for the trace words (the expert view, turned
// on in the "?" menu) or plain words (the default); kept in this browser only.
const EXPERT_KEY = 'tilesched.expert';
let expert = (() => {
  try {
    return globalThis.localStorage?.getItem(EXPERT_KEY) === '1';
  } catch {
    return false;
  }
})();
const listeners = new Set<() => void>();

// Whether the page shows the scheduler's own names (kept in this browser only).
export const expertWords = (): boolean => expert;

export function setExpertWords(on: boolean): void {
  expert = on;
  try {
    globalThis.localStorage?.setItem(EXPERT_KEY, on ? '1' : '0');
  } catch {
    // Storage may be disabled; the choice then lasts one visit.
  }
  for (const l of [...listeners]) l();
}

export const onExpertWords = (l: () => void) => listeners.add(l);
