// Runs every reproducer of tests/hostile/reproducers.mjs natively and through the npm bin
// (node wasm/cli.mjs) under a 2 GB address-space limit (ulimit -v 2097152) and GNU time, and
// prints one row per reproducer: exit status, seconds, peak RSS, output bytes, internal errors,
// and whether both tools printed the same bytes: the table of docs/benchmarks/hostile.md.
//
//   node tests/hostile/measure.mjs [--native PATH] [--wasm-dir DIR] [--timeout S] [ID...]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeReproducers } from './reproducers.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// The address-space limit the reproducers run under, in KiB.
export const ADDRESS_SPACE_KIB = 2097152;

const sh = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

// One run under the limit: {status, seconds, rssKiB, stdout: Buffer, stderr: Buffer, killed}.
export function runLimited(command, args, { cwd, stdout, timeoutSeconds = 60, tag }) {
  const base = path.join(cwd, `.${tag}`);
  const timing = `${base}.time`;
  const out = `${base}.out`;
  const err = `${base}.err`;
  const cmd = [...command, ...args].map(sh).join(' ');
  const timed = `timeout -s KILL ${timeoutSeconds} /usr/bin/time -f '%e %M' -o ${sh(timing)} ${cmd}`;
  let script;
  if (stdout === '/dev/full') script = `${timed} >/dev/full 2>${sh(err)}; echo $? >${sh(base)}.rc; : >${sh(out)}`;
  else if (stdout) script = `${timed} 2>${sh(err)} | ${stdout} >${sh(out)}; echo \${PIPESTATUS[0]} >${sh(base)}.rc`;
  else script = `${timed} >${sh(out)} 2>${sh(err)}; echo $? >${sh(base)}.rc`;
  spawnSync('bash', ['-c', `ulimit -v ${ADDRESS_SPACE_KIB}; ${script}`], { cwd, stdio: 'ignore' });
  const status = Number(readFileSync(`${base}.rc`, 'utf8').trim());
  // GNU time writes "Command terminated by signal N" / "exited with non-zero status" first.
  const timeLines = existsSync(timing) ? readFileSync(timing, 'utf8').trim().split('\n') : [];
  const [seconds, rss] = (timeLines.at(-1) ?? '').split(' ').map(Number);
  const result = {
    status,
    seconds: Number.isFinite(seconds) ? seconds : NaN,
    rssKiB: Number.isFinite(rss) ? rss : NaN,
    stdout: readFileSync(out),
    stdoutBytes: statSync(out).size,
    stderr: readFileSync(err),
    killed: status === 137 || status === 124,
  };
  for (const f of [timing, out, err, `${base}.rc`]) rmSync(f, { force: true });
  return result;
}

export function tools({ native, wasmDir }) {
  return {
    native: [native],
    bin: ['env', `TILESCHED_WASM_DIR=${wasmDir}`, process.execPath, path.join(repo, 'wasm', 'cli.mjs')],
  };
}

const internalError = (r) => /internal error/.test(r.stdout.toString('latin1') + r.stderr.toString('latin1'));

function main(argv) {
  const opts = { native: path.join(repo, 'build/bin/tilesched'), wasmDir: path.join(repo, 'build-wasm/wasm'), timeout: 60 };
  const ids = [];
  for (let i = 0; i < argv.length; ++i) {
    if (argv[i] === '--native') opts.native = path.resolve(argv[++i]);
    else if (argv[i] === '--wasm-dir') opts.wasmDir = path.resolve(argv[++i]);
    else if (argv[i] === '--timeout') opts.timeout = Number(argv[++i]);
    else ids.push(argv[i]);
  }
  const dir = mkdtempSync(path.join(process.env.TILESCHED_SCRATCH ?? tmpdir(), 'tilesched-hostile-'));
  const t = tools(opts);
  console.log('| # | native exit | s | RSS MB | stdout bytes | npm bin exit | s | RSS MB | internal error | same bytes |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  try {
    for (const r of writeReproducers(dir)) {
      if (ids.length && !ids.some((id) => r.id.startsWith(id))) continue;
      const run = (tool) => runLimited(t[tool], r.args, { cwd: dir, stdout: r.stdout, timeoutSeconds: opts.timeout, tag: tool });
      const n = run('native');
      const b = run('bin');
      const same = n.status === b.status && n.stdout.equals(b.stdout) && n.stderr.equals(b.stderr);
      const mb = (k) => (Number.isFinite(k) ? (k / 1024).toFixed(0) : '?');
      const exit = (x) => (x.killed ? `killed (${opts.timeout} s)` : String(x.status));
      console.log(`| ${r.id} | ${exit(n)} | ${n.seconds} | ${mb(n.rssKiB)} | ${n.stdoutBytes} | ${exit(b)} | ${b.seconds} | ${mb(b.rssKiB)} | ` +
        `${internalError(n) || internalError(b) ? 'yes' : 'no'} | ${same ? 'yes' : 'no'} |`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
