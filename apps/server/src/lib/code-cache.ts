import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

export type CachedScript = {
  /** What the script put in `module.exports`. */
  exports: Record<string, unknown>;
  /** Whether V8 ran it from the cache (its compiled code was not made again). */
  fromCache: boolean;
  /**
   * Writes the script's compiled code to the cache, with every function compiled since it ran;
   * nothing when it already came from there. Never throws: without a cache, the next start compiles.
   */
  saveCache(): void;
};

/**
 * Runs a CommonJS file like `require` does, but keeps V8's compiled code of it in `cacheDir`, so
 * that the next run skips compiling it (docs/decisions/038). Node 20 has no compile cache of its own
 * (`module.enableCompileCache` came in Node 22); this is the same idea for one file.
 *
 * The cache file is named after a SHA-256 of the source, the Node version and the architecture:
 * V8 itself checks only its version, its flags and the source's length, so a changed file of the
 * same length must not find the old cache. Files of earlier builds are removed on saving.
 */
export function runWithCodeCache(file: string, cacheDir: string): CachedScript {
  const bytes = fs.readFileSync(file);
  const key = createHash('sha256')
    .update(bytes)
    .update(`${process.version} ${process.arch}`)
    .digest('hex')
    .slice(0, 32);
  const prefix = `${path.basename(file)}.`;
  const cacheFile = path.join(cacheDir, `${prefix}${key}.v8`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    // no cache yet (or not readable): compiled from the source
  }
  // Node's own CommonJS wrapper, so the file runs as `require` would run it.
  const wrapper = `(function (exports, require, module, __filename, __dirname) { ${bytes.toString('utf8')}\n});`;
  const script = new vm.Script(wrapper, { filename: file, cachedData });
  const fromCache = cachedData !== undefined && !script.cachedDataRejected;
  const module = { exports: {} as Record<string, unknown> };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return {
    exports: module.exports,
    fromCache,
    saveCache: () => {
      if (fromCache) return;
      try {
        fs.mkdirSync(cacheDir, { recursive: true });
        const partial = `${cacheFile}.${process.pid}.tmp`;
        fs.writeFileSync(partial, script.createCachedData());
        fs.renameSync(partial, cacheFile);
        for (const name of fs.readdirSync(cacheDir)) {
          if (name.startsWith(prefix) && name.endsWith('.v8') && path.join(cacheDir, name) !== cacheFile) {
            fs.rmSync(path.join(cacheDir, name), { force: true });
          }
        }
      } catch {
        // A cache is optional: a read-only or full disk only means compiling again next time.
      }
    },
  };
}
