// `npm run serve`: serves the built playground (web/dist) on 127.0.0.1 and prints its URL.
// PORT=8080 npm run serve picks another port.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './static-server.mjs';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
if (!existsSync(`${dist}index.html`)) {
  console.error('web/dist/index.html is missing: run `npm run build` first.');
  process.exit(1);
}
if (!existsSync(`${dist}wasm/tilesched.wasm`)) {
  console.error('warning: web/dist/wasm/tilesched.wasm is missing; the page will load but cannot schedule (build the wasm module, then `npm run build`).');
}
const { url } = await startStaticServer(dist, { port: Number(process.env.PORT ?? 4173) });
console.log(`tilesched playground: ${url}`);
console.log(`embed page:           ${url}embed.html`);
console.log('Press Ctrl+C to stop.');
