import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/**
 * The boundaries of docs/decisions/013 hold: each forbidden import or call, put in a file at the
 * place it is forbidden, fails the linter with its message. The linter runs on a copy of the
 * configuration in a folder of its own, so the checkout is never touched.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const biome = path.join(root, 'node_modules/.bin/biome');
let sandbox: string;

beforeAll(() => {
  sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-lint-'));
  fs.copyFileSync(path.join(root, 'biome.json'), path.join(sandbox, 'biome.json'));
  fs.cpSync(path.join(root, 'lint'), path.join(sandbox, 'lint'), { recursive: true });
  fs.cpSync(path.join(root, 'scripts'), path.join(sandbox, 'scripts'), { recursive: true });
});
afterAll(() => fs.rmSync(sandbox, { recursive: true, force: true }));

/** Writes `files` (paths as in the repository) into the sandbox, runs `run`, then removes them. */
function withFiles<T>(files: Record<string, string>, run: () => T): T {
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(sandbox, file)), { recursive: true });
    fs.writeFileSync(path.join(sandbox, file), source);
  }
  try {
    return run();
  } finally {
    for (const file of Object.keys(files)) fs.rmSync(path.join(sandbox, file));
  }
}

/** Runs a command in the sandbox: whether it failed, and everything it printed. */
function runInSandbox(command: string, args: string[]): { failed: boolean; output: string } {
  try {
    const output = execFileSync(command, args, {
      cwd: sandbox,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { failed: false, output };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: `${stdout}${stderr}` };
  }
}

/** Runs the web app's import check (scripts/check-imports.mjs) on the sandbox. */
function checkWebImports(): { failed: boolean; output: string } {
  return runInSandbox(process.execPath, ['scripts/check-imports.mjs']);
}

/** Lints one file written at `file` (a path as in the repository); answers what Biome printed. */
function lint(file: string, source: string): { failed: boolean; output: string } {
  return withFiles({ [file]: source }, () =>
    runInSandbox(biome, ['lint', '--vcs-enabled=false', '--colors=off', file]),
  );
}

const PURE = 'The domain is pure';
const NO_CLOCK = 'The domain does not read the clock or randomness';
const DOMAIN_FILE = 'packages/domain/src/money/probe.ts';
const use = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

/** [what, where, source, the message the linter must give]. */
const REFUSED: [string, string, string, string][] = [
  ['the domain imports node:*', DOMAIN_FILE, "import fs from 'node:fs';\nexport const x = fs;\n", PURE],
  ['the domain imports a library', DOMAIN_FILE, use('zod'), PURE],
  ['the domain imports the contracts', DOMAIN_FILE, use('@candor/contracts/errors'), PURE],
  ['the domain imports a path out of its package', DOMAIN_FILE, use('../../../apps/server/src/env.ts'), PURE],
  ['the domain reads Date.now()', DOMAIN_FILE, 'export const x = Date.now();\n', NO_CLOCK],
  ['the domain reads new Date()', DOMAIN_FILE, 'export const x = new Date();\n', NO_CLOCK],
  ['the domain reads Math.random()', DOMAIN_FILE, 'export const x = Math.random();\n', NO_CLOCK],
  ['the domain reads crypto.randomUUID()', DOMAIN_FILE, 'export const x = crypto.randomUUID();\n', NO_CLOCK],
  [
    'the contracts import the server',
    'packages/contracts/src/probe.ts',
    use('../../../apps/server/src/env.ts'),
    'Contracts are shared by the server and the web',
  ],
  [
    'the server imports the web app',
    'apps/server/src/probe.ts',
    use('../../web/src/lib/api.ts'),
    'The server never imports the web app',
  ],
  [
    'the web app imports the server',
    'apps/web/src/features/trades/probe.ts',
    use('../../../../server/src/env.ts'),
    'The web app never imports the server',
  ],
  [
    'lib imports a feature',
    'apps/web/src/lib/probe.ts',
    use('../../features/trades/trades-page.tsx'),
    'components/, lib/ and test/ serve every feature and import none',
  ],
];

test.each(REFUSED)('refused: %s', (_what, file, source, message) => {
  const { failed, output } = lint(file, source);
  expect(failed).toBe(true);
  expect(output).toContain(message);
});

test.each([
  [
    'the domain uses its own files and builds a date from an argument',
    DOMAIN_FILE,
    "import { ok } from '../result.ts';\nexport const at = (ms: number) => ok(new Date(ms));\n",
  ],
  [
    'the contracts use the domain and zod',
    'packages/contracts/src/probe.ts',
    "import { DOMAIN_ERROR_CODES } from '@candor/domain/errors';\nimport { z } from 'zod';\nexport const x = z.enum(DOMAIN_ERROR_CODES);\n",
  ],
])('accepted: %s', (_what, file, source) => {
  expect(lint(file, source)).toMatchObject({ failed: false });
});

describe('the web app import check', () => {
  test('a feature importing another feature fails, naming both', () => {
    const result = withFiles(
      {
        'apps/web/src/features/market/market-overview.tsx': 'export const MarketOverview = 1;\n',
        'apps/web/src/features/dashboard/dashboard-page.tsx':
          "import { MarketOverview } from '../market/market-overview.tsx';\nexport const x = MarketOverview;\n",
      },
      checkWebImports,
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain(
      "apps/web/src/features/dashboard/dashboard-page.tsx: imports '../market/market-overview.tsx' from the feature 'market'",
    );
  });

  test('a route composing features, and a feature using lib, pass', () => {
    const result = withFiles(
      {
        'apps/web/src/lib/format.ts': 'export const format = 1;\n',
        'apps/web/src/features/market/market-overview.tsx':
          "import { format } from '../../lib/format.ts';\nexport const MarketOverview = format;\n",
        'apps/web/src/routes/dashboard-route.tsx':
          "import { MarketOverview } from '../features/market/market-overview.tsx';\nexport const x = MarketOverview;\n",
      },
      checkWebImports,
    );
    expect(result).toEqual({ failed: false, output: '' });
  });
});
