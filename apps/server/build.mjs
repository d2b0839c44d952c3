// Bundles the server into dist/. Pure-JS dependencies are bundled in (one file loads much faster
// than hundreds of small modules); packages with native code, WebAssembly or files they read at
// run time stay external and load from node_modules.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

// dist/ unless a folder is named: the server's tests that start it as a process build their own
// (src/test/server-build.ts).
const outdir = process.argv[2] ?? 'dist';

const swaggerUiRoot = path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui'));

/**
 * @fastify/swagger-ui is bundled (loading it and its yaml from node_modules cost over 100 ms of
 * every start, docs/decisions/038), but it serves the files of its own folder, found with
 * __dirname: in its modules, __dirname is pointed back at that folder in node_modules.
 */
const swaggerUiFolder = {
  name: 'swagger-ui-folder',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]@fastify[\\/]swagger-ui[\\/].*\.js$/ }, async (args) => {
      const source = await fs.readFile(args.path, 'utf8');
      const folder = path.relative(swaggerUiRoot, path.dirname(args.path));
      const own = `require('node:path').join(require('node:path').dirname(require.resolve('@fastify/swagger-ui')), ${JSON.stringify(folder)})`;
      return {
        contents: `'use strict';\nconst __swaggerUiDir = ${own};\n${source.replaceAll('__dirname', '__swaggerUiDir')}`,
        loader: 'js',
      };
    });
  },
};

const external = [
  '@electric-sql/pglite', // WebAssembly and data files next to its code
  '@node-rs/argon2', // native
  'sharp', // native
  'pg', // optional native binding (pg-native)
  '@aws-sdk/*', // loaded only when S3 is configured
  'nodemailer', // loaded with the first e-mail
  'file-type', // loaded with the first upload
  '@zxcvbn-ts/*', // its dictionaries (over 1 MB) load with the first staff password checked
];
// Bundled although they read files at run time in some uses, none of them the server's: pino's
// worker-thread transports (`transport` option; the server logs to stdout) and @fastify/static's
// directory listings (`list`). Loading them from node_modules cost ~100 ms of each start (decision 038).

/** Shared by the three outputs. */
const common = {
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external,
  plugins: [swaggerUiFolder],
  // pg loads when first used, not with the bundle (build/pg-on-first-use.js).
  alias: { pg: './build/pg-on-first-use.js' },
  logLevel: 'warning',
};

/**
 * The server as one CommonJS file, dist/server-main.cjs, which dist/server.js runs from V8's
 * compiled code kept in the data folder (src/server-entry.ts, src/lib/code-cache.ts; Node 20 can
 * keep compiled code of a script, not of an ES module). Strict, like the ES module it was.
 * `import()` becomes `require()` (Node 20.19 requires ES modules too): a script run by `vm` has no
 * `import()` without an experimental flag.
 */
await build({
  ...common,
  entryPoints: { 'server-main': 'src/server.ts' },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  supported: { 'dynamic-import': false },
  define: { 'import.meta.url': '__candorImportMetaUrl' },
  // swagger-ui finds its own folder with require.resolve (swaggerUiFolder), which resolves at run time.
  logOverride: { 'require-resolve-not-external': 'silent' },
  banner: {
    js: "'use strict'; const __candorImportMetaUrl = require('node:url').pathToFileURL(__filename).href;",
  },
});

await build({
  ...common,
  entryPoints: { server: 'src/server-entry.ts', admin: 'src/cli/admin.ts' },
  format: 'esm',
  banner: {
    js: [
      "import { createRequire as __candorCreateRequire } from 'node:module';",
      "import { fileURLToPath as __candorFileURLToPath } from 'node:url';",
      'const require = __candorCreateRequire(import.meta.url);',
      'const __filename = __candorFileURLToPath(import.meta.url);',
      "const __dirname = __candorFileURLToPath(new URL('.', import.meta.url));",
    ].join(' '),
  },
});

// The embedded database's thread (src/db/pglite-thread-worker.mjs, docs/decisions/042): plain
// JavaScript that loads only PGlite, copied as it is beside the bundles that start it.
await fs.copyFile('src/db/pglite-thread-worker.mjs', path.join(outdir, 'pglite-thread-worker.mjs'));
