// Hand-written types for the Emscripten 3.1.6 Embind module `wasm/tilesched.mjs` (3.1.6 cannot
// generate them). Built with MODULARIZE + EXPORT_ES6, factory `createTilesched`.

export interface TileschedModule {
  // SPEC §5.1 document for `source` scheduled with the options of optionsJson
  // ({generator, model, iiCap, maxConstraintIterations, check, trace, emit}). Never throws.
  schedule(source: string, optionsJson: string): string;
  version(): string;
}

export interface TileschedModuleArgs {
  wasmBinary?: ArrayBuffer | Uint8Array;
  // Lets a respawned worker reuse an already compiled WebAssembly.Module.
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void,
  ) => object;
  locateFile?: (path: string, prefix: string) => string;
  print?: (text: string) => void;
  printErr?: (text: string) => void;
}

export type CreateTilesched = (args?: TileschedModuleArgs) => Promise<TileschedModule>;
