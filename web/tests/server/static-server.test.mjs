// The playground's static server (web/scripts/static-server.mjs) under hostile requests: a
// malformed URL is a 400 and the server keeps serving; nothing outside the served folder is
// reachable, through `..`, a symlink or a precompressed variant that is one; a FIFO is no file;
// every response, errors included, carries the security headers, with embed.html the only page
// other sites may frame. Each test starts the server on 127.0.0.1, port 0.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStaticServer } from '../../scripts/static-server.mjs';

const POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'";
const page = (title) =>
  `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${POLICY}" /><title>${title}</title></head></html>\n`;
const SECRET = 'root:x:0:0:the secret outside the served folder\n';

let dir, site, server, port;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tilesched-server-test-'));
  site = join(dir, 'site');
  mkdirSync(join(site, 'sub'), { recursive: true });
  writeFileSync(join(site, 'index.html'), page('playground'));
  writeFileSync(join(site, 'embed.html'), page('embed'));
  writeFileSync(join(site, 'sub', 'index.html'), page('sub'));
  writeFileSync(join(site, 'app.js'), 'export const x = 1;\n');
  writeFileSync(join(site, 'big.js'), 'export const y = 2;\n');
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  symlinkSync(join(dir, 'secret.txt'), join(site, 'passwd'));  // a link to a file outside
  symlinkSync(dir, join(site, 'up'));  // a link to the folder above
  symlinkSync(join(dir, 'secret.txt'), join(site, 'big.js.br'));  // a "precompressed" variant that is a link outside
  symlinkSync(join(site, 'app.js'), join(site, 'alias.js'));  // a link that stays inside
  execFileSync('mkfifo', [join(site, 'pipe.js')]);
  ({ server } = await startStaticServer(site));
  port = server.address().port;
});
after(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

// One request with the path exactly as given (no URL normalisation): {status, headers, body}.
function get(path, { method = 'GET', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, timeout: 5000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer to ${method} ${path} within 5 s`)));
    req.on('error', reject);
    req.end();
  });
}

function assertSecurityHeaders(r, { frameable = false } = {}) {
  const csp = r.headers['content-security-policy'];
  assert.ok(csp, `no Content-Security-Policy on a ${r.status}`);
  assert.match(csp, frameable ? /frame-ancestors \*$/ : /frame-ancestors 'none'$/);
  assert.equal(r.headers['x-content-type-options'], 'nosniff');
  assert.equal(r.headers['referrer-policy'], 'no-referrer');
  assert.equal(r.headers['x-frame-options'], frameable ? undefined : 'DENY');
}

test('a malformed URL is a 400 with the security headers, and the server keeps serving', async () => {
  for (const path of ['/%E0%A4%A', '/%', '/a%00b']) {
    const bad = await get(path);
    assert.equal(bad.status, 400, path);
    assertSecurityHeaders(bad);
  }
  const next = await get('/');
  assert.equal(next.status, 200);
  assert.match(next.body, /<title>playground<\/title>/);
});

test('a symlink in the served folder that leads outside it is not followed', async () => {
  for (const path of ['/passwd', '/up/secret.txt', '/up/site/../secret.txt']) {
    const r = await get(path);
    assert.equal(r.status, 404, path);
    assert.ok(!r.body.includes('the secret'), `${path} served the file outside`);
    assertSecurityHeaders(r);
  }
  // A link that stays inside is served.
  const inside = await get('/alias.js');
  assert.equal(inside.status, 200);
  assert.equal(inside.body, 'export const x = 1;\n');
});

test('.. and its encodings do not leave the served folder', async () => {
  for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/sub/..%2f..%2fsecret.txt', '/%2E%2E%5Csecret.txt']) {
    const r = await get(path);
    assert.ok([403, 404].includes(r.status), `${path}: ${r.status}`);
    assert.ok(!r.body.includes('the secret'), path);
  }
});

test('a precompressed variant that is a link outside is not sent; the file itself is', async () => {
  const r = await get('/big.js', { headers: { 'accept-encoding': 'br, gzip' } });
  assert.equal(r.status, 200);
  assert.equal(r.headers['content-encoding'], undefined);
  assert.equal(r.body, 'export const y = 2;\n');
});

test('a FIFO in the served folder is a 404 at once, not a request that never ends', async () => {
  const r = await get('/pipe.js');
  assert.equal(r.status, 404);
  assertSecurityHeaders(r);
});

test('every response carries the security headers; only embed.html may be framed by other sites', async () => {
  const index = await get('/');
  assertSecurityHeaders(index);
  assert.ok(index.headers['content-security-policy'].startsWith(POLICY), 'the page policy is the meta one');
  const embed = await get('/embed.html');
  assert.equal(embed.status, 200);
  assertSecurityHeaders(embed, { frameable: true });
  for (const path of ['/sub/', '/app.js', '/index.html']) {
    const r = await get(path);
    assert.equal(r.status, 200, path);
    assertSecurityHeaders(r);
  }
  // A script may be a module worker's, which runs under its own response's policy: the pages'
  // one, with 'unsafe-eval' for Embind's invokers.
  assert.match((await get('/app.js')).headers['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval';/);
  const head = await get('/app.js', { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.headers['content-length'], '20');
  assertSecurityHeaders(head);
  const missing = await get('/missing.js');
  assert.equal(missing.status, 404);
  assertSecurityHeaders(missing);
  const post = await get('/', { method: 'POST' });
  assert.equal(post.status, 405);
  assert.equal(post.headers.allow, 'GET, HEAD');
  assertSecurityHeaders(post);
});

// Raw bytes to the server and its answer, parsed: {status, headers}.
function raw(bytes) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.end(bytes));
    const chunks = [];
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head] = Buffer.concat(chunks).toString('latin1').split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
  });
}

test("requests Node itself refuses (431, 400) carry the security headers too", async () => {
  const cases = [
    [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`, 431],
    [`GET /${'a'.repeat(20000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
    ['GET / HTTP/9.9\r\nHost: x\r\n\r\n', 400],
    ['GET / HTTP/1.1\nHost: x\n\n', 400],
    ['POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400],
  ];
  for (const [bytes, status] of cases) {
    const r = await raw(bytes);
    assert.equal(r.status, status, JSON.stringify(bytes.slice(0, 40)));
    assertSecurityHeaders(r);
  }
  assert.equal((await get('/')).status, 200);
});
