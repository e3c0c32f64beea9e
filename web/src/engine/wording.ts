// The one place where the core's words become the page's. The core writes for the command line:
// its messages name CLI flags, C++ limits and the seed pages a rule comes from. The page speaks
// to people who have the page's controls, not the CLI's, so every message of a document
// (diagnostics, failure, violations, trace reasons) and every engine error passes through here.
// The JSON pane and the download keep the document verbatim, as the CLI prints it.

// CLI flag -> the page control that does the same.
const CONTROLS: Record<string, string> = {
  'work-budget': 'the search budget (Options)',
  'max-constraint-iterations': 'the constraint iterations (Options)',
  'ii-cap': 'the II cap (Options)',
  'serial-threshold': 'the serial threshold (Options)',
  generator: 'the generator (Options)',
  model: 'the target model (Options → Edit…)',
  check: '“Check pinned schedule” (Options)',
};

const MB = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

// [pattern, replacement] in order; the first ones are whole sentences the core writes, the last
// ones catch whatever a newer core adds in the same style.
const RULES: Array<[RegExp, string | ((...m: string[]) => string)]> = [
  // Parser limits (ParseLimits).
  [/^input is (\d+) bytes; the limit is (\d+) bytes(?: \([\w:]+\))?$/,
    (_, n, max) => `The snippet is ${MB(Number(n))}; the scheduler reads at most ${MB(Number(max))}. Paste one function or one loop at a time.`],
  // Budgets: the work budget counts seat probes (one gate check of one op at one cycle).
  [/the work budget \(--work-budget=(\d+) seat probes\)/g,
    (_, n) => `the search budget (${Number(n).toLocaleString('en-US')} placement checks)`],
  [/the refinement budget \(--max-constraint-iterations=(\d+)\)/g, (_, n) => `the constraint iterations (${n})`],
  [/ \(--max-constraint-iterations\)/g, ' (the constraint iterations option)'],
  // Generator and check advice.
  [/use --generator=cost-based to enforce it/g, 'choose the cost-based generator to enforce it'],
  [/^--check: /, 'Checking a pinned schedule: '],
  [/pass --check to verify them instead/g, 'tick “Check pinned schedule” (Options) to verify them instead'],
  [/: --check needs /g, ': checking a pinned schedule needs '],
  [/; or pass --model=PATH\.json\)/g, '; or edit the target model under Options)'],
  // The model the IR's target picks, or the one picked (docs/decisions.md, "The target from the IR").
  [/, as --model asks/g, ', as picked under Options → Model'],
  [/, but --model asks for /g, ', but Options → Model asks for '],
  [/; pass --model to choose another/g, '; pick another under Options → Model'],
  // Seed-page references: "(seed 002 trivial fallback)", "seed 000 QUIRK: ...".
  [/ ?\(seed \d{3}(?: [^():]*)?\)/g, ''],
  [/\(seed \d{3} QUIRK: /g, '('],
  [/\bseed \d{3}(?: QUIRK)?:? ?/g, ''],
  // C++ names of limits: "(ParseLimits::maxNestingDepth)".
  [/ ?\((?:\w+::)+\w+\)/g, ''],
  // Any other flag.
  [/--([a-z][a-z-]*)(?:=\S*)?/g, (_, flag) => CONTROLS[flag] ?? `the ${flag.replace(/-/g, ' ')} setting`],
];

// What to do when a budget stopped the II search early, in the page's controls.
const ADVICE: Array<[RegExp, string]> = [
  [/the search budget \([^)]*\) ran out/, ' Raise the search budget (Options) to let the search go on.'],
  [/the constraint iterations \(\d+\) ran out/, ' Raise the constraint iterations (Options) to try more IIs.'],
];

// Messages with none of the core's CLI words (most trace reasons) pass as they are, cheaply.
const CLI_WORDS = /--|seed \d{3}|::|^input is \d/;

export function peopleText(message: string): string {
  if (!CLI_WORDS.test(message)) return message;
  let text = message;
  for (const [pattern, replacement] of RULES) {
    text = text.replace(pattern, replacement as (substring: string, ...args: string[]) => string);
  }
  // No advice to search further once the smaller IIs are proven empty.
  const proven = /the smallest that exists/.test(text);
  for (const [pattern, advice] of ADVICE) if (pattern.test(text) && !proven) text += '.' + advice;
  return text;
}

// What the engine reports when no document came back: a worker or module failure, or a C++
// exception the binding caught ("internal error: std::bad_alloc").
export function engineErrorText(error: string): string {
  const internal = /^(?:tilesched: )?internal error: (.*)$/s.exec(error.trim());
  if (!internal) return peopleText(error);
  const what = internal[1];
  if (/bad_alloc|out of memory|Cannot enlarge memory|Aborted\(OOM\)/i.test(what)) {
    return 'The scheduler ran out of memory (a browser tab gives it at most 1 GB). Try a smaller snippet, one loop at a time.';
  }
  if (/std::|::/.test(what)) {
    return 'The scheduler stopped on an internal error. Please report it: Share → Copy as Markdown gives a link that reproduces it.';
  }
  return `The scheduler stopped on an internal error: ${peopleText(what)}`;
}

// The core's plain-words remedy for a serial choice (JSON `selection.remedy`), in the page's
// controls: "ask for the cost-based generator, or set the serial threshold to 4 or lower".
export function remedyText(remedy: string): string {
  return remedy
    .replace(/ask for the cost-based generator/, 'choose the cost-based generator in Options')
    .replace(/set the serial threshold to (\d+) or lower/, 'set the serial threshold in Options to $1 or lower');
}
