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
    fs.rmSync(path.join(sandbox, 'apps'), { recursive: true, force: true });
  }
}

/** Runs the web app's import check (scripts/check-imports.mjs) on the sandbox. */
function checkWebImports(): { failed: boolean; output: string } {
  try {
    const output = execFileSync(process.execPath, ['scripts/check-imports.mjs'], {
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

/** Lints one file written at `file` (a path as in the repository); answers what Biome printed. */
function lint(file: string, source: string): { failed: boolean; output: string } {
  const full = path.join(sandbox, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, source);
  try {
    const output = execFileSync(biome, ['lint', '--vcs-enabled=false', '--colors=off', file], {
      cwd: sandbox,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { failed: false, output };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: `${stdout}${stderr}` };
  } finally {
    fs.rmSync(full);
  }
}

describe('the domain is pure', () => {
  test.each([
    ["import fs from 'node:fs';\nexport const x = fs;\n", 'node:*'],
    ["import { z } from 'zod';\nexport const x = z;\n", 'a library'],
    [
      "import { ERROR_CODES } from '@candor/contracts/errors';\nexport const x = ERROR_CODES;\n",
      'the contracts',
    ],
    [
      "import { x } from '../../../apps/server/src/env.ts';\nexport const y = x;\n",
      'a path out of the package',
    ],
  ])('refuses %j (%s)', (source) => {
    const { failed, output } = lint('packages/domain/src/money/probe.ts', source);
    expect(failed).toBe(true);
    expect(output).toContain('The domain is pure');
  });

  test.each(['Date.now()', 'new Date()', 'Math.random()', 'crypto.randomUUID()'])(
    'refuses to read the clock or randomness: %s',
    (call) => {
      const { failed, output } = lint('packages/domain/src/money/probe.ts', `export const x = ${call};\n`);
      expect(failed).toBe(true);
      expect(output).toContain('The domain does not read the clock or randomness');
    },
  );

  test('accepts its own files, and dates built from arguments', () => {
    const source =
      "import { ok } from '../result.ts';\nexport const at = (ms: number) => ok(new Date(ms));\n";
    expect(lint('packages/domain/src/money/probe.ts', source).failed).toBe(false);
  });
});

describe('the contracts', () => {
  test('refuse the server', () => {
    const source = "import { x } from '../../../apps/server/src/env.ts';\nexport const y = x;\n";
    const { failed, output } = lint('packages/contracts/src/probe.ts', source);
    expect(failed).toBe(true);
    expect(output).toContain('Contracts are shared by the server and the web');
  });

  test('accept the domain and zod', () => {
    const source =
      "import { DOMAIN_ERROR_CODES } from '@candor/domain/errors';\nimport { z } from 'zod';\nexport const x = z.enum(DOMAIN_ERROR_CODES);\n";
    expect(lint('packages/contracts/src/probe.ts', source).failed).toBe(false);
  });
});

test('the server refuses the web app', () => {
  const source = "import { x } from '../../web/src/lib/api.ts';\nexport const y = x;\n";
  const { failed, output } = lint('apps/server/src/probe.ts', source);
  expect(failed).toBe(true);
  expect(output).toContain('The server never imports the web app');
});

describe('the web app', () => {
  test('refuses the server', () => {
    const source = "import { x } from '../../../../server/src/env.ts';\nexport const y = x;\n";
    const { failed, output } = lint('apps/web/src/features/trades/probe.ts', source);
    expect(failed).toBe(true);
    expect(output).toContain('The web app never imports the server');
  });

  test('keeps components and lib free of features', () => {
    const source = "import { x } from '../../features/trades/trades-page.tsx';\nexport const y = x;\n";
    const { failed, output } = lint('apps/web/src/lib/probe.ts', source);
    expect(failed).toBe(true);
    expect(output).toContain('components/, lib/ and test/ serve every feature and import none');
  });

  test('a feature importing another feature fails the import check, naming both', () => {
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

  test('a route composing features, and a feature using lib, pass the import check', () => {
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
