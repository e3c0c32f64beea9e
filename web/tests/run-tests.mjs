// `npm test`: the web unit tests (Vitest), the static server's tests (node --test), then the
// end-to-end suite against the built site; each runner prints its own summary, then one plain
// total line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const artifacts = join(repo, 'tests/artifacts/web');
mkdirSync(artifacts, { recursive: true });

function run(args) {
  return spawnSync(process.execPath, args, { cwd: repo, stdio: 'inherit' }).status ?? 1;
}

// Vitest: counts from its JSON report.
const unitReport = join(artifacts, 'vitest.json');
rmSync(unitReport, { force: true });
const unitStatus = run([join(repo, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'web/vite.config.ts',
  '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`]);
let passed = 0;
let failed = 0;
if (existsSync(unitReport)) {
  const r = JSON.parse(readFileSync(unitReport, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numFailedTestSuites ?? 0);
} else {
  failed += 1; // Vitest did not run
}
if (unitStatus !== 0 && failed === 0) failed += 1;

// The static server (web/tests/server/): counts from node's TAP summary.
const server = spawnSync(process.execPath, ['--test', '--test-reporter=tap', 'web/tests/server/'], { cwd: repo, encoding: 'utf8' });
process.stdout.write(server.stdout + server.stderr);
const tapCount = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(server.stdout)?.[1] ?? 0);
passed += tapCount('pass');
failed += tapCount('fail') + tapCount('cancelled');
if (server.status !== 0 && !tapCount('fail') && !tapCount('cancelled')) failed += 1;

// E2E: counts from the summary it writes; a runner that stopped early counts as one failure.
const e2eSummary = join(artifacts, 'e2e-summary.json');
rmSync(e2eSummary, { force: true });
const e2eStatus = run(['web/tests/e2e/run.mjs']);
if (existsSync(e2eSummary)) {
  const r = JSON.parse(readFileSync(e2eSummary, 'utf8'));
  passed += r.passed;
  failed += r.failed;
} else {
  failed += 1;
}
if (e2eStatus !== 0 && !existsSync(e2eSummary)) console.error('e2e: the suite did not run (see above)');

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
