// What the engine reports when no document came back: the worker or the module failed (the
// module aborted, ran out of memory or could not load), so there is no document and no message
// of the core to word: this reads the failure text that V8, Emscripten or the loader gives.
export function engineErrorText(error: string): string {
  const internal = /^(?:tilesched: )?internal error: (.*)$/s.exec(error.trim());
  if (!internal) return error;
  const what = internal[1];
  if (/bad_alloc|out of memory|Cannot enlarge memory|Aborted\(OOM\)/i.test(what)) {
    return 'The scheduler ran out of memory (a browser tab gives it at most 1 GB). Try a smaller snippet, one loop at a time.';
  }
  if (/std::|::/.test(what)) {
    return 'The scheduler stopped on an internal error. Please report it: Share → Copy as Markdown gives a link that reproduces it.';
  }
  return `The scheduler stopped on an internal error: ${what}`;
}
