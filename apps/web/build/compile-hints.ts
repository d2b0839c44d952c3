import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

type ChunkFacts = { moduleIds: readonly string[] };

/**
 * Marks the chunks holding one of `modules` with V8's explicit compile hint (docs/decisions/036,
 * sessions of 2026-11-26 and 2026-11-30).
 *
 * V8 compiles a function lazily, on its first call, on the main thread; a script whose first line
 * is the magic comment is compiled whole while it streams in, on a background thread. It suits a
 * library whose functions nearly all run as soon as it is used: the chart library draws its first
 * picture with most of its code, and compiled on first call that compilation sat in the chart's
 * two longest tasks of a page's load. It is given to that chunk only: the hint compiles every
 * function of a file on every load, also those a page never calls, and marking the entry and the
 * first screens too made the browser journeys over every page slower on two cores (036).
 * Other browsers read a comment.
 *
 * The hint is part of each marked chunk's hash (`augmentChunkHash`), and written as the files'
 * first line once Vite has put its own preamble in (`writeBundle`, before precompress runs), the
 * source map moved down by that line.
 */
export function compileHints(options: { modules: readonly string[] }): Plugin {
  const holds = (chunk: ChunkFacts, part: string) =>
    chunk.moduleIds.some((id) => id.replaceAll('\\', '/').includes(part));
  const isMarked = (chunk: ChunkFacts) => options.modules.some((part) => holds(chunk, part));
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
      for (const wanted of options.modules) {
        if (!marked.some((chunk) => chunk.type === 'chunk' && holds(chunk, wanted))) {
          throw new Error(`compile hints: no chunk holds ${wanted}`);
        }
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
