// Bundles the server into dist/. Pure-JS dependencies are bundled in (one file loads much faster
// than hundreds of small modules); packages with native code, WebAssembly or files they read at
// run time stay external and load from node_modules.
import { build } from 'esbuild';

const external = [
  '@electric-sql/pglite', // WebAssembly and data files next to its code
  '@node-rs/argon2', // native
  'sharp', // native
  'pg', // optional native binding (pg-native)
  '@aws-sdk/*', // loaded only when S3 is configured
  'nodemailer', // loaded with the first e-mail
  'file-type', // loaded with the first upload
  '@fastify/swagger-ui', // serves its static files from its own folder
  '@fastify/static',
  'pino', // worker-thread transports resolve files at run time
];

await build({
  entryPoints: { server: 'src/server.ts', admin: 'src/cli/admin.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: {
    js: [
      "import { createRequire as __candorCreateRequire } from 'node:module';",
      "import { fileURLToPath as __candorFileURLToPath } from 'node:url';",
      'const require = __candorCreateRequire(import.meta.url);',
      'const __filename = __candorFileURLToPath(import.meta.url);',
      "const __dirname = __candorFileURLToPath(new URL('.', import.meta.url));",
    ].join(' '),
  },
  logLevel: 'warning',
});
