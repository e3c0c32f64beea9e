// A small static file server for web/dist on the loopback interface. Serves .wasm as
// application/wasm (so the worker can compile while downloading) and .mjs as JavaScript; sends
// the build's precompressed FILE.br or FILE.gz when the browser accepts it (Content-Encoding,
// Vary: Accept-Encoding). Its rules (docs/decisions.md, "Static server"):
//  - only regular files inside the served folder, after resolving every symlink, are served;
//    anything else is a 404, a malformed URL a 400, a method other than GET and HEAD a 405, and
//    no request can stop the server;
//  - every response, errors included, carries the security headers: the pages' own
//    Content-Security-Policy plus a frame-ancestors rule (embed.html may be framed by any
//    page, everything else by none), nosniff and no referrer.
import { constants as fsConstants, readFileSync, realpathSync } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { STATUS_CODES, createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

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

// The policy of index.html and embed.html is in their <meta>; the header repeats it, for the
// file types a <meta> cannot cover (a module worker's script takes its policy from its own
// response) and with what a <meta> cannot say (frame-ancestors).
const CSP_META = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/;
// The page meant to be framed by documentation on any origin (docs/embedding.md).
const EMBED_PAGE = 'embed.html';
// An error page loads nothing.
const ERROR_POLICY = "default-src 'none'";

function securityHeaders(policy, frameable) {
  const headers = {
    'content-security-policy': `${policy}; frame-ancestors ${frameable ? '*' : "'none'"}`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  if (!frameable) headers['x-frame-options'] = 'DENY';
  return headers;
}

// The regular file `real` (resolved already) opened without following a link or blocking on a
// FIFO swapped in since, with its size; null when it is no regular file (a directory, a FIFO,
// gone).
async function openRegular(real) {
  let handle;
  try {
    handle = await open(real, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK);
    const stats = await handle.stat();
    if (stats.isFile()) return { handle, size: stats.size };
  } catch {
    // not there, or not readable
  }
  await handle?.close();
  return null;
}

// Resolves to { server, url } once listening; port 0 picks a free port.
export function startStaticServer(root, { host = '127.0.0.1', port = 0 } = {}) {
  const base = realpathSync(root);
  const embedPage = join(base, EMBED_PAGE);
  let sitePolicy = ERROR_POLICY;
  try {
    sitePolicy = CSP_META.exec(readFileSync(join(base, 'index.html'), 'utf8'))?.[1] ?? ERROR_POLICY;
  } catch {
    // a folder without the playground: its files get the error pages' policy
  }
  // Any other file may be a module worker's script, which runs under its own response's policy
  // (CSP 3): the pages' policy, plus 'unsafe-eval' for Embind's invokers, which Emscripten 3.1.6
  // builds with `new Function` (docs/decisions.md, "Content-Security-Policy").
  const scriptPolicy = sitePolicy.replace(/script-src[^;]*/, (directive) => `${directive} 'unsafe-eval'`);

  // The real path of URL path `path` (a directory stands for its index.html) when it lies
  // inside the served folder, else null.
  async function resolveInside(path) {
    const inside = (real) => real === base || real.startsWith(base + sep);
    try {
      let real = await realpath(resolve(base, `.${path}`));
      if (inside(real) && (await stat(real)).isDirectory()) real = await realpath(join(real, 'index.html'));
      return inside(real) ? real : null;
    } catch {
      return null;
    }
  }

  // The precompressed FILE.br or FILE.gz the request accepts, best first, opened as FILE is.
  async function encodedFor(req, real) {
    const accepted = String(req.headers['accept-encoding'] ?? '');
    for (const [token, ext] of [['br', '.br'], ['gzip', '.gz']]) {
      if (!new RegExp(`\\b${token}\\b(?!;q=0(\\.0*)?\\b)`).test(accepted)) continue;
      const encoded = await resolveInside(`${real.slice(base.length)}${ext}`);
      const opened = encoded && (await openRegular(encoded));
      if (opened) return { encoding: token, ...opened };
    }
    return null;
  }

  function fail(res, status, message, extra = {}) {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders(ERROR_POLICY, false), ...extra });
    res.end(`${message}\n`);
  }

  async function respond(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return fail(res, 405, 'method not allowed', { allow: 'GET, HEAD' });
    let path;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return fail(res, 400, 'bad request: malformed URL');
    }
    if (path.includes('\0')) return fail(res, 400, 'bad request: malformed URL');
    const real = await resolveInside(path);
    const file = real && (await openRegular(real));
    if (!file) return fail(res, 404, 'not found');
    const type = extname(real);
    const policy = type === '.html' ? (CSP_META.exec(await file.handle.readFile('utf8'))?.[1] ?? sitePolicy) : scriptPolicy;
    const encoded = await encodedFor(req, real);
    const body = encoded ?? file;
    if (encoded) await file.handle.close();
    res.writeHead(200, {
      'content-type': TYPES[type] ?? 'application/octet-stream',
      'content-length': body.size,
      ...(encoded ? { 'content-encoding': encoded.encoding } : {}),
      'cache-control': 'no-cache',
      'access-control-allow-origin': '*', // the element script may be loaded by docs on other origins
      vary: 'Accept-Encoding',
      ...securityHeaders(policy, real === embedPage),
    });
    if (req.method === 'HEAD') {
      await body.handle.close();
      res.end();
      return;
    }
    // From the start: reading an HTML file for its policy moved the handle's position.
    const stream = body.handle.createReadStream({ start: 0 });
    stream.on('error', () => res.destroy());
    res.on('close', () => stream.destroy());
    stream.pipe(res);
  }

  // Whatever a request does, the server answers and keeps serving.
  const server = createServer((req, res) => {
    respond(req, res).catch(() => {
      if (res.headersSent) res.destroy();
      else fail(res, 500, 'internal server error');
    });
  });
  // A request Node cannot parse (a header or URL past its limit, HTTP/9.9, LF-only lines,
  // Content-Length with Transfer-Encoding) never reaches the handler: Node would answer it
  // itself without the security headers, so this answers it, as Node would, with them.
  server.on('clientError', (err, socket) => {
    if (!socket.writable || err.code === 'ECONNRESET') return socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = `${STATUS_CODES[status].toLowerCase()}\n`;
    const headers = {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
      ...securityHeaders(ERROR_POLICY, false),
    };
    const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines}\r\n${body}`);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      resolvePromise({ server, url: `http://${host}:${actual}/` });
    });
  });
}
