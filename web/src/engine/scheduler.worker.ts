// The scheduler's Web Worker: loads the wasm module once, then answers schedule requests in
// order, with the document parsed and sent in parts (protocol.ts). A wasm call cannot be interrupted, so the host enforces time limits by terminating
// this worker; it sends the compiled WebAssembly.Module back so a replacement starts fast.
/// <reference lib="webworker" />
import type createTilesched from '../../../wasm/tilesched';
import type { TileschedModule } from '../../../wasm/tilesched';
import { DocumentError, parseDocument } from './parse';
import type { ExportCommand } from './options';
import { splitDocument, type HostMessage, type WorkerMessage } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

// web/public/wasm/ is served at /wasm/ by the dev server and copied to dist/wasm/ beside
// dist/assets/ (where this worker lands) by the build.
const WASM_BASE = new URL(import.meta.env.DEV ? '/wasm/' : '../wasm/', import.meta.url);

let core: Promise<TileschedModule> | null = null;

function post(msg: WorkerMessage, transfer: Transferable[] = []): void {
  self.postMessage(msg, transfer);
}

async function compile(url: URL): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  // compileStreaming needs the application/wasm MIME type; static servers may not send it.
  if (response.headers.get('content-type')?.startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

async function load(given: WebAssembly.Module | null): Promise<TileschedModule> {
  const glueUrl = new URL('tilesched.mjs', WASM_BASE).href;
  const [glue, module] = await Promise.all([
    import(/* @vite-ignore */ glueUrl) as Promise<{ default: typeof createTilesched }>,
    given ? Promise.resolve(given) : compile(new URL('tilesched.wasm', WASM_BASE)),
  ]);
  const instance = await glue.default({
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(module, imports).then((inst) => receive(inst, module));
      return {};
    },
    print: () => {},
    printErr: () => {},
  });
  post({ type: 'ready', version: instance.version(), module });
  return instance;
}

self.onmessage = async (event: MessageEvent<HostMessage>) => {
  const msg = event.data;
  if (msg.type === 'init') {
    core = load(msg.module);
    core.catch((e: unknown) => post({ type: 'init-error', error: String((e as Error)?.message ?? e) }));
    return;
  }
  const started = performance.now();
  try {
    if (!core) throw new Error('the scheduler worker was not initialised');
    const instance = await core;
    const t0 = performance.now();
    if (msg.options.startsWith('{"export":')) {
      // An export (options.ts, exportCommand): the command line's output, not a document.
      const { args, files } = (JSON.parse(msg.options) as ExportCommand).export;
      const r = instance.runCli(args, files, msg.source);
      const ms = performance.now() - t0;
      const out = r.stdout.slice(); // its own buffer, to transfer (never the module's memory)
      if (out.length || r.exitCode !== 2) post({ type: 'result', id: msg.id, ok: true, json: out, ms }, [out.buffer]);
      else post({ type: 'result', id: msg.id, ok: false, error: new TextDecoder().decode(r.stderr).trim(), ms });
      return;
    }
    const json = instance.schedule(msg.source, msg.options);
    const ms = performance.now() - t0;
    const bytes = new TextEncoder().encode(json);
    let split: ReturnType<typeof splitDocument>;
    try {
      split = splitDocument(parseDocument(json), msg.id);
    } catch (e) {
      if (!(e instanceof DocumentError)) throw e;
      post({ type: 'result', id: msg.id, ok: true, json: bytes, ms }, [bytes.buffer]); // the host reports the malformed document
      return;
    }
    post({ type: 'result', id: msg.id, ok: true, json: bytes, ms, doc: split.shell, parts: split.parts.length }, [bytes.buffer]);
    for (const part of split.parts) post(part);
  } catch (e) {
    post({ type: 'result', id: msg.id, ok: false, error: String((e as Error)?.message ?? e), ms: performance.now() - started });
  }
};
