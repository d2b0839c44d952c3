// npm run bench:bundle — the JavaScript the login page loads, compressed as the server sends it.
// Measures the build in apps/web/dist and apps/server/dist: run `npm run build` first.
//
// Starts the built server on a temporary data folder and opens / in headless Chromium twice: once
// accepting brotli and once accepting gzip only. Every script, stylesheet and page is recorded
// until the login form is shown and the network is idle, with the Content-Encoding it came with
// and its bytes on the wire. Each script's source map tells whether chart (lightweight-charts) or
// staff back-office code was loaded. Target (issue 15, docs/decisions/033): at most 120 KB of
// brotli JavaScript, and no chart or admin code on the login page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT, requireBuild, SERVER, startServer } from './server.mjs';

const TARGET_BYTES = 120 * 1024;
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
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
/** Sources that must not load before they are needed: the chart library and the staff pages. */
const HEAVY = [
  { label: 'chart', pattern: /node_modules\/lightweight-charts\// },
  { label: 'admin', pattern: /\/src\/(features\/admin-|routes\/(manage|admin-))/ },
];

requireBuild([SERVER, path.join(WEB_DIST, 'index.html')]);

/** Which of HEAVY a built file holds, read from its source map. */
function heavyCodeIn(pathname) {
  const map = path.join(WEB_DIST, `${pathname}.map`);
  if (!fs.existsSync(map)) return [];
  const { sources } = JSON.parse(fs.readFileSync(map, 'utf8'));
  return HEAVY.filter(({ pattern }) => sources.some((source) => pattern.test(source))).map((h) => h.label);
}

/**
 * Opens the login page sending `acceptEncoding` and returns every script, stylesheet and document.
 * @returns {Promise<{ url: string; kind: string; encoding: string; wire: number; raw: number }[]>}
 */
async function loadLoginPage(browser, baseUrl, acceptEncoding) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': acceptEncoding } });
  const page = await context.newPage();
  const loaded = [];
  const pending = [];
  page.on('response', (response) => {
    const kind = response.request().resourceType();
    if (!['script', 'stylesheet', 'document'].includes(kind) || response.status() !== 200) return;
    pending.push(
      Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => {
        loaded.push({
          url: new URL(response.url()).pathname,
          kind,
          encoding: response.headers()['content-encoding'] ?? 'identity',
          wire: sizes.responseBodySize,
          raw: body.length,
        });
      }),
    );
  });
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Login into your account' }).waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  return loaded;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-bench-bundle-'));
const server = await startServer({ DATA_DIR: dataDir });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
let brotli;
let gzip;
try {
  brotli = await loadLoginPage(browser, server.baseUrl, 'gzip, deflate, br');
  gzip = await loadLoginPage(browser, server.baseUrl, 'gzip, deflate');
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (items, key) => items.reduce((total, item) => total + item[key], 0);
const gzipByUrl = new Map(gzip.map((item) => [item.url, item]));
brotli.sort((a, b) => a.kind.localeCompare(b.kind) || b.wire - a.wire);
const rows = brotli.map((item) => ({ ...item, gz: gzipByUrl.get(item.url), heavy: heavyCodeIn(item.url) }));
const width = Math.max(4, ...rows.map((r) => r.url.length));
const scripts = rows.filter((r) => r.kind === 'script');
console.log(`\nWhat the login page (/) loads, ${scripts.length} scripts, bytes as sent:\n`);
console.log(
  `${'file'.padEnd(width)}  ${'raw'.padStart(9)}  ${'brotli'.padStart(9)}  ${'gzip'.padStart(9)}  encodings  holds`,
);
for (const r of rows) {
  const encodings = `${r.encoding}/${r.gz?.encoding ?? '?'}`;
  console.log(
    `${r.url.padEnd(width)}  ${kb(r.raw).padStart(9)}  ${kb(r.wire).padStart(9)}  ${kb(r.gz?.wire ?? 0).padStart(9)}  ${encodings.padEnd(9)}  ${r.heavy.join(', ')}`,
  );
}
const jsBrotli = sum(scripts, 'wire');
const jsGzip = sum(
  scripts.map((r) => r.gz ?? { wire: 0 }),
  'wire',
);
console.log(
  `${'JavaScript'.padEnd(width)}  ${kb(sum(scripts, 'raw')).padStart(9)}  ${kb(jsBrotli).padStart(9)}  ${kb(jsGzip).padStart(9)}`,
);
console.log(
  `${'everything'.padEnd(width)}  ${kb(sum(rows, 'raw')).padStart(9)}  ${kb(sum(rows, 'wire')).padStart(9)}  ${kb(sum(gzip, 'wire')).padStart(9)}`,
);

const uncompressed = rows.filter((r) => r.encoding !== 'br' || r.gz?.encoding !== 'gzip').map((r) => r.url);
const heavy = scripts.filter((r) => r.heavy.length > 0).map((r) => `${r.url} (${r.heavy.join(', ')})`);
console.log(
  `\nSent uncompressed to a browser that accepts br or gzip: ${uncompressed.join(', ') || 'nothing'}`,
);
console.log(`Chart or admin code loaded by the login page: ${heavy.join(', ') || 'none'}`);
const met = jsBrotli <= TARGET_BYTES && heavy.length === 0;
console.log(
  `\nTarget: login page JavaScript at most ${kb(TARGET_BYTES)} brotli, no chart or admin code → ${met ? 'MET' : 'MISSED'} (${kb(jsBrotli)} brotli, ${((jsBrotli / TARGET_BYTES) * 100).toFixed(0)} % of the budget; ${kb(jsGzip)} gzip)`,
);
