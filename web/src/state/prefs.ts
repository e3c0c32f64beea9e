// Personal preferences: kept in localStorage, never put in share links (a link should show the
// recipient the same schedule, not the sender's theme).

export type Theme = 'system' | 'light' | 'dark';
export type Layout = 'columns' | 'stacked';

export interface Prefs {
  theme: Theme;
  layout: Layout;
  runOnEdit: boolean;
  timeLimitMs: number;
  hideEmptySlots: boolean;
  editorShare: number; // the editor column's share of the width side by side, in percent
}

export const DEFAULT_PREFS: Prefs = {
  theme: 'system',
  layout: 'columns',
  runOnEdit: true,
  timeLimitMs: 10000,
  hideEmptySlots: true,
  editorShare: 42,
};

// The editor column's share that the splitter allows: the results keep room for a stage table.
export const EDITOR_SHARE = { min: 20, max: 70 };

const KEY = 'tilesched.prefs';

export function loadPrefs(storage: Pick<Storage, 'getItem'> | null = globalThis.localStorage ?? null): Prefs {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(KEY) ?? '{}');
    if (typeof raw !== 'object' || raw === null) return { ...DEFAULT_PREFS };
    const r = raw as Partial<Prefs>;
    return {
      theme: r.theme === 'light' || r.theme === 'dark' ? r.theme : 'system',
      layout: r.layout === 'stacked' ? 'stacked' : 'columns',
      runOnEdit: typeof r.runOnEdit === 'boolean' ? r.runOnEdit : DEFAULT_PREFS.runOnEdit,
      timeLimitMs: typeof r.timeLimitMs === 'number' && r.timeLimitMs >= 100 ? r.timeLimitMs : DEFAULT_PREFS.timeLimitMs,
      hideEmptySlots: typeof r.hideEmptySlots === 'boolean' ? r.hideEmptySlots : DEFAULT_PREFS.hideEmptySlots,
      editorShare: typeof r.editorShare === 'number' && r.editorShare >= EDITOR_SHARE.min && r.editorShare <= EDITOR_SHARE.max ? r.editorShare : DEFAULT_PREFS.editorShare,
    };
  } catch {
    return { ...DEFAULT_PREFS };
  }
}

export function savePrefs(p: Prefs, storage: Pick<Storage, 'setItem'> | null = globalThis.localStorage ?? null): void {
  try {
    storage?.setItem(KEY, JSON.stringify(p));
  } catch {
    // Storage may be disabled (private mode, sandboxed iframe); preferences then last one visit.
  }
}

export function applyTheme(root: HTMLElement, theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches);
  root.dataset.theme = dark ? 'dark' : 'light';
}
