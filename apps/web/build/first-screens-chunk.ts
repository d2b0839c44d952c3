import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** The page the server sends to a browser that holds a session (apps/server/src/plugins/web-app.ts). */
export const SIGNED_IN_HTML = 'signed-in.html';

/**
 * index.html's preload of /api/session (with its comment line): the signed-in page carries the
 * session's answer itself (apps/server/src/plugins/first-screen-answers.ts), so it asks for none.
 */
const SESSION_PRELOAD = /[ \t]*<!--[^>]*-->\n[ \t]*<link rel="preload" href="\/api\/session"[^>]*>\n/;

/**
 * One chunk for the signed-in first screens, fetched with the entry script by a browser that holds
 * a session (docs/decisions/036, session of 2026-11-26).
 *
 * Left to automatic splitting, the modules that the app shell and the dashboard and trades pages
 * import were cut into a chunk per set of pages sharing them: 33 files of 0.1 to 5 KB for the
 * dashboard, asked for only once the entry script had run, six at a time over HTTP/1.1. This plugin
 * collects, once the module graph is known, every module these roots reach through static imports;
 * `test` puts them (less those of the entry's own chunk, whose group comes first) in one chunk.
 * Lazy imports (the chart, dialogs loaded on use) stay out of it.
 *
 * It also writes `signed-in.html`: index.html with a `modulepreload` of that chunk, so that the
 * browser fetches it beside the entry script instead of after it, and without the session's preload.
 * The server sends it to requests that carry a session cookie (a signed-in page, or the login page
 * that sends them on to the dashboard); everyone else gets index.html and never loads the chunk
 * before a signed-in page.
 *
 * `lazyFirst` names lazily imported modules that both first screens show at once (the price chart):
 * their chunks, and the chunks those import, are preloaded there too. Asked for only once the first
 * screen has rendered, they cost a round trip after it (docs/decisions/056).
 */
export function firstScreensChunk(
  name: string,
  roots: readonly string[],
  lazyFirst: readonly string[] = [],
): { plugin: Plugin; test: (id: string) => boolean } {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'candor:first-screens-chunk',
    apply: 'build',
    enforce: 'post',
    buildEnd() {
      members.clear();
      const pending = roots.map((root) => path.resolve(root));
      while (pending.length > 0) {
        const id = pending.pop() as string;
        if (members.has(id)) continue;
        const info = this.getModuleInfo(id);
        if (!info) throw new Error(`first-screens chunk: ${id} is not in the module graph`);
        members.add(id);
        pending.push(...info.importedIds);
      }
    },
    generateBundle(_options, bundle) {
      const chunk = Object.values(bundle).find((item) => item.type === 'chunk' && item.name === name);
      const index = bundle['index.html'];
      if (!chunk || index?.type !== 'asset') {
        throw new Error(`first-screens chunk: no ${name} chunk or no index.html in the build`);
      }
      const html = String(index.source);
      const link = [
        `<link rel="modulepreload" crossorigin href="/${chunk.fileName}">`,
        ...lazyChunks(bundle, lazyFirst, chunk.fileName).map(
          (fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}" fetchpriority="low">`,
        ),
      ].join('\n    ');
      if (!html.includes('</head>')) throw new Error('first-screens chunk: index.html has no </head>');
      if (!SESSION_PRELOAD.test(html))
        throw new Error('first-screens chunk: index.html has no session preload');
      this.emitFile({
        type: 'asset',
        fileName: SIGNED_IN_HTML,
        source: html.replace(SESSION_PRELOAD, '').replace('</head>', `  ${link}\n  </head>`),
      });
    },
  };
  return { plugin, test: (id) => members.has(id) };
}

/**
 * The chunks of the lazily imported `modules` and, through static imports, every chunk they need
 * that the page has not already asked for (the entry's chunks, `firstScreens`).
 */
function lazyChunks(
  bundle: Rolldown.OutputBundle,
  modules: readonly string[],
  firstScreens: string,
): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const loaded = new Set([firstScreens]);
  for (const entry of chunks.filter((item) => item.isEntry)) {
    loaded.add(entry.fileName);
    for (const imported of entry.imports) loaded.add(imported);
  }
  const wanted: string[] = [];
  const visit = (fileName: string) => {
    if (loaded.has(fileName)) return;
    loaded.add(fileName);
    wanted.push(fileName);
    for (const imported of chunks.find((item) => item.fileName === fileName)?.imports ?? []) visit(imported);
  };
  for (const module of modules) {
    const id = path.resolve(module);
    const owner = chunks.find((item) => item.facadeModuleId === id);
    if (!owner) throw new Error(`first-screens chunk: no chunk of its own for ${module}`);
    visit(owner.fileName);
  }
  return wanted;
}
