// A small static file server for web/dist on the loopback interface. Serves .wasm as
// application/wasm (so the worker can compile while downloading) and .mjs as JavaScript; sends
// the build's precompressed FILE.br or FILE.gz when the browser accepts it (Content-Encoding,
// Vary: Accept-Encoding), and the pages' Content-Security-Policy as a header too.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.md': 'text/markdown; charset=utf-8',
};

// The policy of index.html and embed.html (their <meta> holds the same), as a header for servers
// that set one: the meta cannot say frame-ancestors, and a header also covers error pages.
const CSP = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/;

// Best encoding the request accepts among the precompressed ones: br, then gzip.
function encodingFor(req, file) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  for (const [token, ext] of [['br', '.br'], ['gzip', '.gz']]) {
    if (new RegExp(`\\b${token}\\b(?!;q=0(\\.0*)?\\b)`).test(accepted)) {
      try {
        return { encoding: token, path: file + ext, size: statSync(file + ext).size };
      } catch {
        // not precompressed (small or binary): the next encoding, or the file itself
      }
    }
  }
  return null;
}

// Resolves to { server, url } once listening; port 0 picks a free port.
export function startStaticServer(root, { host = '127.0.0.1', port = 0 } = {}) {
  const base = normalize(root + sep);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(base, path));
    if (!file.startsWith(base)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      await stat(file);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${path}\n`);
      return;
    }
    const headers = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      'access-control-allow-origin': '*', // the element script may be loaded by docs on other origins
      vary: 'Accept-Encoding',
    };
    if (extname(file) === '.html') {
      const policy = CSP.exec(readFileSync(file, 'utf8'))?.[1];
      if (policy) headers['content-security-policy'] = policy;
    }
    const encoded = encodingFor(req, file);
    if (encoded) {
      headers['content-encoding'] = encoded.encoding;
      headers['content-length'] = encoded.size;
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(encoded?.path ?? file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      resolve({ server, url: `http://${host}:${actual}/` });
    });
  });
}
