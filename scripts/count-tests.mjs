// Reads a test runner's log and prints "PASSED FAILED" for scripts/test.sh, which adds up the
// runners into one `N passed, N failed` line. Recognised closing summaries:
//   plain      `N passed, N failed` (a runner that already adds up; when present, only the last
//              one counts: earlier plain lines are its parts, e.g. web's `e2e: N passed, N failed`)
//   ctest      `100% tests passed, 0 tests failed out of 57`
//   node tap   `# pass N` / `# fail N` / `# cancelled N`
//   vitest     `Tests  1 failed | 11 passed (12)`
//   playwright `12 passed (3.1s)` / `1 failed`
// Prints nothing (exit 1) when the log has no summary.
// With --failed, prints instead the name of each failed test the log reports (ctest, TAP,
// Vitest, the e2e runner), one per line: CI shows only a log's tail, where test.sh repeats them.
import { readFileSync } from 'node:fs';

const text = readFileSync(process.argv[2], 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
const lines = text.split(/\r?\n/);

function total(patterns) {
  let passed = 0;
  let failed = 0;
  let found = false;
  for (const line of lines) {
    for (const [re, apply] of patterns) {
      const m = re.exec(line);
      if (!m) continue;
      found = true;
      const [p, f] = apply(m);
      passed += p;
      failed += f;
      break;
    }
  }
  return found ? [passed, failed] : null;
}

const n = (s) => Number.parseInt(s, 10);
const plain = /^\s*(?:\w+:\s*)?(\d+) passed, (\d+) failed(?:, \d+ skipped)?\s*$/;
const runners = [
  [/\d+% tests passed, (\d+) tests? failed out of (\d+)/, (m) => [n(m[2]) - n(m[1]), n(m[1])]],
  [/^# pass (\d+)$/, (m) => [n(m[1]), 0]],
  [/^# (?:fail|cancelled) (\d+)$/, (m) => [0, n(m[1])]],
  [
    /^\s*Tests\s+(.*\(\d+\))\s*$/,
    (m) => [n(/(\d+) passed/.exec(m[1])?.[1] ?? '0'), n(/(\d+) failed/.exec(m[1])?.[1] ?? '0')],
  ],
  [/^\s*(\d+) passed \(\d/, (m) => [n(m[1]), 0]],
  [/^\s*(\d+) (?:failed|interrupted)\s*$/, (m) => [0, n(m[1])]],
];

function lastPlain() {
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = plain.exec(lines[i]);
    if (m) return [n(m[1]), n(m[2])];
  }
  return null;
}

if (process.argv[3] === '--failed') {
  const failedName = [
    /^\s*\d+\/\d+ Test\s+#\d+: (.*?) \.*\s*(?:\*\*\*)?(?:Failed|Timeout|Exception|Not Run)/,
    /^\s*not ok \d+ - (.*?)(?: # .*)?$/,
    /^\s*✗ (.*)$/,
    /^\s*(?:×|FAIL)\s+(.*?)(?: \d+ms)?$/,
  ];
  const names = lines.map((line) => failedName.map((re) => re.exec(line)?.[1]).find(Boolean)).filter(Boolean);
  for (const name of new Set(names)) console.log(name);
  process.exit(0);
}

const counts = lastPlain() ?? total(runners);
if (!counts) process.exit(1);
console.log(`${counts[0]} ${counts[1]}`);
