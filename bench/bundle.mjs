// npm run bench:bundle — gzipped size of the JavaScript the login page loads.
// Measures the build in apps/web/dist and apps/server/dist: run `npm run build` first.
//
// Starts the built server on a temporary data folder, opens / in headless Chromium, and records
// every JavaScript response until the login form is shown and the network is idle. Each body is
// gzipped here with zlib (level 6, the usual on-the-fly level), whether or not it came compressed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ROOT, requireBuild, SERVER, startServer } from './server.mjs';

const TARGET_BYTES = 150 * 1024;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

requireBuild([SERVER, path.join(ROOT, 'apps/web/dist/index.html')]);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-bench-bundle-'));
const server = await startServer({ DATA_DIR: dataDir });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
/** @type {{ url: string; raw: number; gzip: number }[]} */
const scripts = [];
try {
  const page = await browser.newPage();
  /** @type {Promise<void>[]} */
  const pending = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    const isScript = response.request().resourceType() === 'script' || /javascript/.test(type);
    if (!isScript || response.status() !== 200) return;
    pending.push(
      response.body().then((body) => {
        scripts.push({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 6 }).length,
        });
      }),
    );
  });
  await page.goto(server.baseUrl, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Login into your account' }).waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
scripts.sort((a, b) => b.gzip - a.gzip);
const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
console.log(`\nJavaScript loaded by the login page (/), ${scripts.length} files:\n`);
const width = Math.max(4, ...scripts.map((s) => s.url.length));
console.log(`${'file'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}`);
for (const s of scripts)
  console.log(`${s.url.padEnd(width)}  ${kb(s.raw).padStart(9)}  ${kb(s.gzip).padStart(9)}`);
console.log(`${'total'.padEnd(width)}  ${kb(raw).padStart(9)}  ${kb(total).padStart(9)}`);
console.log(
  `\nTarget: at most ${kb(TARGET_BYTES)} gzipped → ${total <= TARGET_BYTES ? 'met' : 'MISSED'} (${kb(total)}, ${((total / TARGET_BYTES) * 100).toFixed(0)} % of the budget)`,
);
