// Share links and "copy as Markdown" (link plus the snippet in a code block, for bug reports).
import type { ScheduleDocument } from '../engine/types';
import { encodeState, LONG_LINK_CHARS } from '../state/share';
import type { AppState } from '../state/state';

export function shareUrl(base: string, s: AppState): string {
  const url = new URL(base);
  url.hash = encodeState(s);
  return url.href;
}

export function isLongLink(url: string): boolean {
  return url.length > LONG_LINK_CHARS;
}

// The source is untrusted: the code fence is longer than any run of backticks or tildes in it
// (CommonMark closes a fence only with a run at least as long), and the block name in the
// summary line is escaped, so neither can end the code block or add a link or an image.
export function markdownFor(url: string, s: AppState, doc: ScheduleDocument | null): string {
  const b = doc?.blocks[s.block] ?? doc?.blocks[0];
  const name = b ? b.name.replace(/[\u0000-\u001f]/g, ' ').replace(/[\\`*_{}[\]()<>#+\-.!|~&]/g, '\\$&') : '';
  const summary = b
    ? `${name}: ${b.status}, II ${b.ii}, ${b.stage_count} stage${b.stage_count === 1 ? '' : 's'}, ${b.generator} generator`
    : '';
  const longestRun = Math.max(0, ...(s.source.match(/`+|~+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return [
    `[tilesched playground](${url})${summary ? ` — ${summary}` : ''}`,
    '',
    `${fence}mlir`,
    s.source.replace(/\n$/, ''),
    fence,
    '',
  ].join('\n');
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
