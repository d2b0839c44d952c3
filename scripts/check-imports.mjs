// node scripts/check-imports.mjs — the web app's feature boundary (run by `npm run lint`).
//
// A file under apps/web/src/features/<name>/ imports only from its own feature folder,
// components/, lib/ and test/: never from another feature (nor from routes/, which import the
// features). Pages made of several features are composed in apps/web/src/routes/.
//
// Biome's noRestrictedImports (biome.json) matches an import's text, not the file it resolves to,
// so it cannot tell `../deposits/x.ts` written inside features/deposits from one written inside
// another feature; this script resolves each relative import and compares the folders. Exits 1,
// naming every file and import that crosses the boundary.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'apps/web/src');
const FEATURES = path.join(SRC, 'features');
const ROUTES = path.join(SRC, 'routes');

/** `import … from '…'`, `export … from '…'`, `import '…'`, `import('…')` and `vi.mock('…')`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bmock\s*\(\s*)['"]([^'"]+)['"]/g;

/** Every .ts and .tsx file below `dir`. */
function listSources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The relative imports of a source file, comment lines left out. */
function findRelativeImports(file) {
  const code = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');
  return [...code.matchAll(SPECIFIER)].map((match) => match[1]).filter((spec) => spec.startsWith('.'));
}

/** The feature folder a path lies in (`deposits`), or null outside features/. */
function findFeature(file) {
  const relative = path.relative(FEATURES, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
}

function isInside(dir, file) {
  return !path.relative(dir, file).startsWith('..');
}

const problems = [];
for (const file of listSources(FEATURES)) {
  const feature = findFeature(file);
  for (const spec of findRelativeImports(file)) {
    const target = path.resolve(path.dirname(file), spec);
    const other = findFeature(target);
    const where = path.relative(ROOT, file);
    if (other !== null && other !== feature) {
      problems.push(`${where}: imports '${spec}' from the feature '${other}'`);
    } else if (isInside(ROUTES, target)) {
      problems.push(`${where}: imports '${spec}' from routes/, which import the features`);
    }
  }
}

if (problems.length > 0) {
  console.error(
    [
      'A web feature imports only its own folder, components/, lib/ and test/. Move what is shared to',
      'components/ or lib/, or compose the features in a route (apps/web/src/routes/):',
      ...problems.map((problem) => `  ${problem}`),
    ].join('\n'),
  );
  process.exit(1);
}
