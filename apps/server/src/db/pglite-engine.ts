import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** Node's WebAssembly global (the server's type libraries declare its types, not the value). */
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };
};

/** Where the process keeps the compile (a symbol, so the entry's copy of this module and the bundle's share it). */
const COMPILED = Symbol.for('candor.pglite-wasm-module');

/**
 * PGlite's WebAssembly module (9 MB), compiled once per process. V8 compiles WebAssembly on
 * background threads: the built server's entry starts this before it runs the server's bundle, so
 * the compile runs on the second core while the first one loads the bundle, instead of PGlite
 * waiting for it when the database opens (docs/decisions/038). Its result goes to `PGlite.create`
 * as `pgliteWasmModule`.
 */
export function compilePgliteWasm(): Promise<WasmModule> {
  const holder = globalThis as { [COMPILED]?: Promise<WasmModule> };
  holder[COMPILED] ??= (async () => {
    const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return wasm.compile(await fs.readFile(path.join(path.dirname(pglite), 'pglite.wasm')));
  })();
  return holder[COMPILED];
}
