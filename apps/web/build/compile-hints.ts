import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

type ChunkFacts = { name: string; isEntry: boolean; moduleIds: readonly string[] };

/**
 * Marks the scripts that the first screens run while they load with V8's explicit compile hint
 * (docs/decisions/036, session of 2026-11-26, helper phone2).
 *
 * V8 compiles a function lazily, on its first call, on the main thread; a script whose first line
 * is the magic comment is compiled whole while it streams in, on a background thread. Nearly all of
 * React DOM, the router, zod's schema constructors, the app shell and pages, and the chart library
 * run during the first load, so their compilation leaves the main thread and its long tasks.
 * Marked: the entry chunk (every page), the chunks named in `chunks` (the first screens), and the
 * chunks holding a module whose path contains one of `modules` (the chart). Lazy pages stay as
 * they are: most of their functions run only when used. Other browsers read a comment.
 *
 * The hint is part of each marked chunk's hash (`augmentChunkHash`), and written as the files'
 * first line once Vite has put its own preamble in (`writeBundle`, before precompress runs), the
 * source map moved down by that line.
 */
export function compileHints(options: { chunks: readonly string[]; modules: readonly string[] }): Plugin {
  const isMarked = (chunk: ChunkFacts) =>
    chunk.isEntry ||
    options.chunks.includes(chunk.name) ||
    chunk.moduleIds.some((id) => options.modules.some((part) => id.replaceAll('\\', '/').includes(part)));
  let outDir = '';
  return {
    name: 'candor:compile-hints',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    augmentChunkHash(chunk) {
      return isMarked(chunk) ? COMPILE_HINT : undefined;
    },
    writeBundle(_output, bundle) {
      const marked = Object.values(bundle).filter((item) => item.type === 'chunk' && isMarked(item));
      for (const wanted of [...options.chunks, ...options.modules]) {
        const found = marked.some(
          (chunk) =>
            chunk.type === 'chunk' &&
            (chunk.name === wanted ||
              chunk.moduleIds.some((id) => id.replaceAll('\\', '/').includes(wanted))),
        );
        if (!found) throw new Error(`compile hints: no chunk holds ${wanted}`);
      }
      for (const chunk of marked) {
        const file = path.join(outDir, chunk.fileName);
        const code = fs.readFileSync(file, 'utf8');
        if (code.startsWith(COMPILE_HINT)) continue;
        fs.writeFileSync(file, `${COMPILE_HINT}\n${code}`);
        const mapFile = `${file}.map`;
        if (fs.existsSync(mapFile)) {
          const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { mappings: string };
          map.mappings = `;${map.mappings}`;
          fs.writeFileSync(mapFile, JSON.stringify(map));
        }
      }
    },
  };
}
