// `npm run sizes`: raw and gzip (level 9) size of every file of the built site, and what the
// playground page downloads before its first result (the HTML's scripts, styles and
// modulepreloads, the worker, the wasm module and its glue).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else files.push(relative(dist, path));
  }
})(dist);

const size = (f) => {
  const bytes = readFileSync(join(dist, f));
  return { raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = files.sort().map((f) => ({ f, ...size(f) }));
for (const r of rows) console.log(`${r.f.padEnd(48)} ${kb(r.raw).padStart(10)} ${kb(r.gz).padStart(10)} gzip`);

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const referenced = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]);
const firstLoad = [...new Set([...referenced, ...files.filter((f) => /^assets\/scheduler\.worker-/.test(f) || /^wasm\/tilesched\.(mjs|wasm)$/.test(f))])];
const total = firstLoad.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gz: a.gz + b.gz }), { raw: 0, gz: 0 });
console.log(`\nplayground first load (${firstLoad.length} files): ${kb(total.raw)} raw, ${kb(total.gz)} gzip`);
