// Writes FILE.gz (gzip level 9) and FILE.br (brotli quality 11) beside every compressible file
// of the built site, so the server sends them as they are (static-server.mjs), with no
// compression work per request. Run by the build (vite.config.ts); node's zlib has both.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg', '.md', '.txt']);
const MIN_BYTES = 512; // below this the headers outweigh the saving

export function precompress(dir) {
  let raw = 0;
  let br = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const sub = precompress(path);
      raw += sub.raw;
      br += sub.br;
      continue;
    }
    if (!COMPRESSIBLE.has(extname(name))) continue;
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    writeFileSync(`${path}.br`, brotli);
    raw += bytes.length;
    br += brotli.length;
  }
  return { raw, br };
}
