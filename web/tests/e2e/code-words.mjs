// The code words a reader must not meet with expert words off: the built-in models' unit names,
// the seeds' and the core's own names, command-line flags, raw JSON fields. `codeWordsOnScreen`
// walks what a reader can see or hover (text, tooltips, accessible names, open dialogs), leaving
// out the editors and the model editor's JSON (the user's and the model's own text).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './harness.mjs';

// Every slot and pool name of the built-in models. A name that is also an English word or an
// acronym the page explains (issue, alu, mma, tma, tmem, unknown) is left out: it is not a code word.
const ORDINARY = new Set(['issue', 'alu', 'mma', 'tma', 'tmem', 'unknown']);
export const UNIT_NAMES = [...new Set(['blackwell', 'hopper', 'hopper-measured'].flatMap((m) => {
  const model = JSON.parse(readFileSync(join(REPO, 'core/target/models', `${m}.json`), 'utf8'));
  return [...model.slots, ...(model.pools ?? [])].map((u) => u.name);
}))].filter((n) => !ORDINARY.has(n));

// A unit name as a word of its own: not part of an op name (tiled_tma_load) or an SSA value (%lsu).
const unitPattern = (name) => new RegExp(`(?<![\\w.%@$#-])${name}(?![\\w-])`);

export const CODE_WORDS = [
  ...UNIT_NAMES.map((n) => [n, unitPattern(n)]),
  ['RRT', /\bRRT\b/], ['Pipe_', /(?<!%)\bPipe_(?!\d)/], ['Mutex_', /(?<!%)\bMutex_(?!\d)/],
  ['pending set', /pending set/i], ['reservation-table probe', /reservation-table probe/i], ['strategy ladder', /strategy ladder/i],
  ['rung', /\brungs?\b/i], ['marked dead', /marked dead/i], ['gate', /\bgates?\b|\bG[1-4]\b/], ['arm', /\barms?\b/],
  ['seed number', /\bseed \d{3}\b/], ['C++ name', /\w::\w|std::/], ['flag', /(^|[\s(`'"])--[a-z]/m],
  ['raw field', /\bduration 0\b|\bid [a-z]+_[a-z_]+\b|\bfields \{/], ['unlimited smem setting', /unlimited[ -]smem/i],
];

// Each code word on the page, with where it is and the text around it.
export async function codeWordsOnScreen(page, { embed = false } = {}) {
  const texts = await page.evaluate(() => {
    const shown = (e) => e.getClientRects().length > 0 || e.closest('dialog[open]');
    const skip = '.cm-editor, [data-testid="model-dialog"] .cm-editor, script, style, template, noscript';
    const out = [];
    const where = (e) => e.closest('[data-testid], [data-pane], dialog, header, .topbar')?.getAttribute('data-testid') ??
      e.closest('[data-pane]')?.getAttribute('data-pane') ?? e.tagName.toLowerCase();
    const walk = (root) => {
      for (const e of root.querySelectorAll('*')) {
        if (e.closest(skip) || !shown(e)) continue;
        for (const a of ['title', 'aria-label', 'placeholder']) if (e.getAttribute(a)) out.push([`${where(e)} @${a}`, e.getAttribute(a)]);
        for (const n of e.childNodes) if (n.nodeType === 3 && n.textContent.trim()) out.push([where(e), n.textContent]);
        if (e.shadowRoot) walk(e.shadowRoot);
      }
    };
    walk(document);
    return out;
  });
  const found = [];
  // The model's own name, said on hover on purpose ("… (the model calls it tp_smem_wr)").
  for (const t of texts) t[1] = t[1].replace(/\(the model calls it [\w-]+\)/g, '');
  for (const [where, text] of texts) {
    for (const [word, re] of CODE_WORDS) {
      const m = re.exec(text);
      if (m) found.push(`"${word}" in ${where}: …${text.slice(Math.max(0, m.index - 40), m.index + 40).replace(/\s+/g, ' ')}…`);
    }
  }
  if (embed) {
    // An embed has no options: no text may send its reader to them.
    for (const [where, text] of texts) if (/Options\s*→|\(Options\)|under Options/.test(text)) found.push(`"Options" in an embed, ${where}: ${text.slice(0, 80)}`);
  }
  return [...new Set(found)];
}
