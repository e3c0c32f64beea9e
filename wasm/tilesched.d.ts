// Types of the module built from wasm/bindings.cpp (tilesched.mjs + tilesched.wasm).
// Hand-written: Emscripten 3.1.6 cannot emit them (playground-and-toolchain.md §0.5).
// The JSON document that schedule() returns is SPEC §5.1 (every key: docs/json-document.md); its
// typed model lives with the web app.

/** What the native `tilesched` process would have produced. */
export interface CliResult {
  /** 0 scheduled/checked, 1 some block failed or a check found violations, 2 unusable input, options or an internal error. */
  exitCode: number;
  /** Raw bytes (not decoded: the bytes equal the native tool's, even for non-UTF-8 input). */
  stdout: Uint8Array;
  stderr: Uint8Array;
}

/** File contents by path, or a reader called for each path the command line names; null/undefined = unreadable. */
export type FileSource =
  | ((path: string) => string | Uint8Array | ArrayBuffer | null | undefined)
  | Record<string, string | Uint8Array | ArrayBuffer>;

/**
 * Options of schedule(), as a JSON object text. Each key maps to the native flag of the same name
 * in kebab case (`iiCap: 4` -> `--ii-cap=4`, `trace: true` -> `--trace`, false/null -> omitted), so
 * an unknown key is reported by the driver like an unknown flag.
 */
export interface ScheduleOptions {
  generator?: 'auto' | 'serial' | 'cost-based';
  /** A built-in model name (`blackwell`, ...) or a model document (object or JSON text starting with `{`). */
  model?: string | object;
  iiCap?: number;
  maxConstraintIterations?: number;
  /** Blocks with fewer ops are scheduled serially by the automatic choice (default 8). */
  serialThreshold?: number;
  /** Let Triton's `tt.latency` move ops' users to later stages (off by default). */
  tritonLatency?: boolean;
  check?: boolean;
  trace?: boolean;
  /** Default `json`. For `ir`/`table` schedule() returns stdout only; use runCli() to get stderr too. */
  emit?: 'json' | 'ir' | 'table';
  [flag: string]: string | number | boolean | object | null | undefined;
}

export interface TileschedModule {
  /**
   * Runs the native command line (arguments without the program name). `-` reads `stdinText` when it
   * is a string/bytes, otherwise it is looked up in `files` like any path. Never throws for C++ errors:
   * they come back as exit code 2 with a message on stderr.
   */
  runCli(args: string[], files: FileSource, stdinText: string | Uint8Array | null | undefined): CliResult;
  /**
   * The SPEC §5.1 document for `source`: the bytes `tilesched - --emit=json <flags>` prints on stdout.
   * `optionsJson` is JSON.stringify(ScheduleOptions) ('' = defaults). Invalid options and C++ errors
   * give a document with one error diagnostic at line 0 and no blocks.
   */
  schedule(source: string, optionsJson: string): string;
  /** The core's version string (tilesched::versionString()). */
  version(): string;
  /** Test hooks: throw std::runtime_error(what) inside the wrappers schedule() / runCli() use. */
  __throwInScheduleForTest(what: string): string;
  __throwInCliForTest(what: string): CliResult;
}

/** The Emscripten module arguments this build honours. */
export interface TileschedModuleArgs {
  /** The .wasm bytes (Node, tests): skips fetch(). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where to fetch tilesched.wasm from (default: next to tilesched.mjs). */
  locateFile?: (path: string, prefix: string) => string;
  /** Lets a worker reuse an already compiled WebAssembly.Module (instantiate it with `imports`). */
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    receiveInstance: (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void,
  ) => WebAssembly.Exports | Record<string, never>;
  print?: (text: string) => void;
  printErr?: (text: string) => void;
}

/** The ES module factory (`-sMODULARIZE -sEXPORT_ES6 -sEXPORT_NAME=createTilesched`). */
declare function createTilesched(moduleArgs?: TileschedModuleArgs): Promise<TileschedModule>;
export default createTilesched;
