// Export menu: the schedule as a Chrome / Perfetto trace and the source with Triton's
// loop.stage / loop.cluster, both written by the core (the command line's --emit=perfetto and
// --emit=triton), so the page and the CLI give the same bytes.
import type { Engine } from '../engine/engine';
import { exportCommand, type ExportForm, type ScheduleOptions } from '../engine/options';
import { rawText } from '../engine/parse';
import { h } from '../ui/dom';
import { copyText } from './share-actions';

export interface ExportInputs {
  engine: Engine;
  view: string; // the session's view id: an export never supersedes its runs
  current: () => { source: string; options: ScheduleOptions };
}

const FILES: Record<ExportForm, { name: string; type: string }> = {
  perfetto: { name: 'tilesched-trace.json', type: 'application/json' },
  triton: { name: 'tilesched-triton.mlir', type: 'text/plain' },
};

export async function exportText(inputs: ExportInputs, form: ExportForm): Promise<string> {
  const { source, options } = inputs.current();
  const reply = await inputs.engine.run({ view: inputs.view, slot: `export-${form}` }, source, JSON.stringify(exportCommand(options, form)));
  if (reply.kind === 'ok') {
    const text = rawText(reply.json);
    if (text.trim()) return text;
    throw new Error('nothing to export: no loop of this snippet was scheduled (see the diagnostics)');
  }
  if (reply.kind === 'error') throw new Error(reply.error);
  if (reply.kind === 'timeout') throw new Error(`the scheduler ran past the time limit (${(reply.limitMs / 1000).toFixed(1)} s)`);
  throw new Error('the export was interrupted; try again');
}

function download(text: string, form: ExportForm): void {
  const url = URL.createObjectURL(new Blob([text], { type: FILES[form].type }));
  const a = h('a', { href: url, download: FILES[form].name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export function exportMenu(inputs: ExportInputs): HTMLDetailsElement {
  const note = h('p', { class: 'share-note', role: 'status', 'data-testid': 'export-note' });
  const act = (label: string, testid: string, form: ExportForm, copy: boolean) => {
    const button = h('button', { type: 'button', 'data-testid': testid }, label);
    button.addEventListener('click', async () => {
      note.textContent = 'Scheduling…';
      try {
        const text = await exportText(inputs, form);
        if (copy) note.textContent = (await copyText(text)) ? 'Copied.' : 'Copy blocked by the browser; use the download.';
        else {
          download(text, form);
          note.textContent = `Saved ${FILES[form].name}.`;
        }
      } catch (e) {
        note.textContent = `Export failed: ${(e as Error).message}`;
      }
    });
    return button;
  };
  return h('details', { class: 'export menu' },
    h('summary', { 'data-testid': 'export' }, 'Export'),
    h('div', { class: 'menu-body' },
      h('p', { class: 'small' }, 'Timeline trace: a few iterations, a track per stage and per resource, 1 µs per cycle. Opens in ui.perfetto.dev and chrome://tracing.'),
      h('div', { class: 'row' }, act('Download trace (.json)', 'export-perfetto', 'perfetto', false)),
      h('p', { class: 'small' }, 'The source with this schedule as Triton’s loop.stage and loop.cluster, for Triton’s pipeliner.'),
      h('div', { class: 'row' }, act('Download Triton IR (.mlir)', 'export-triton', 'triton', false),
        act('Copy Triton IR', 'copy-triton', 'triton', true)),
      note));
}
