import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, loadPrefs } from '../../src/state/prefs';

const stored = (p: unknown) => ({ getItem: () => JSON.stringify(p) });

describe('preferences', () => {
  it('keeps the splitter’s share within its limits, else the default', () => {
    expect(loadPrefs(stored({ editorShare: 55 })).editorShare).toBe(55);
    for (const bad of [5, 95, '50', null]) expect(loadPrefs(stored({ editorShare: bad })).editorShare).toBe(DEFAULT_PREFS.editorShare);
  });
});
