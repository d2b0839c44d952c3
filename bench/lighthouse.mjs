// npm run bench:lighthouse — Lighthouse's performance and accessibility scores of the login,
// dashboard and trades pages, on a phone (Lighthouse's default form factor) and on a desktop.
// Measures the build in apps/web/dist and apps/server/dist: run `npm run build` first.
//
// Starts the built server on a temporary data folder, signs a new customer up and in (the session
// cookie is sent with every request of the signed-in pages through Lighthouse's extraHeaders), and
// runs Lighthouse 12 on Debian's Chromium (/usr/bin/chromium, or CHROME_PATH) with its simulated
// throttling: a slow 4G phone with a 4× slower CPU, or the desktop preset. `--runs=N` audits each
// page N times and reports the median run (by performance score). Target (issue 15,
// docs/decisions/036): performance ≥ 95 and accessibility ≥ 95 on every page and form factor.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import {
  machineLine,
  printTable,
  ROOT,
  requireBuild,
  SERVER,
  signIn,
  startServer,
  waitUntilSettled,
} from './server.mjs';

const TARGET_SCORE = 95;
/** `--pages=dashboard,trades` and `--form-factors=mobile` audit only those (to compare builds quickly). */
const only = (flag) =>
  process.argv
    .find((arg) => arg.startsWith(`--${flag}=`))
    ?.slice(flag.length + 3)
    .split(',');
const onlyPages = only('pages');
const onlyFormFactors = only('form-factors');
const PAGES = [
  { name: 'login', path: '/', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'trades', path: '/trades', signedIn: true },
].filter((page) => !onlyPages || onlyPages.includes(page.name));
const FORM_FACTORS = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
].filter((formFactor) => !onlyFormFactors || onlyFormFactors.includes(formFactor.name));
if (PAGES.length === 0 || FORM_FACTORS.length === 0)
  throw new Error('--pages or --form-factors left nothing to audit');
const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
const RUNS = runsArg ? Math.max(1, Number(runsArg.slice('--runs='.length))) : 1;
const saveArg = process.argv.find((arg) => arg.startsWith('--save='));
/** `--save=DIR` keeps each run's full Lighthouse report (JSON) there, to read what weighs. */
const SAVE_DIR = saveArg ? path.resolve(saveArg.slice('--save='.length)) : undefined;
if (SAVE_DIR) fs.mkdirSync(SAVE_DIR, { recursive: true });
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

requireBuild([SERVER, path.join(ROOT, 'apps/web/dist/index.html')]);

/**
 * Lighthouse 12 on this Chromium now and then finds no navigationStart in its trace (NO_NAVSTART,
 * "Please run Lighthouse again"): such a run is run again, at most twice, and counted.
 */
let retried = 0;
async function auditWithRetry(url, port, formFactor, cookie) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, formFactor, cookie);
    } catch (error) {
      if (attempt === 3 || !String(error.message).includes('NO_NAVSTART')) throw error;
      retried++;
    }
  }
}

/** One Lighthouse run: the two category scores (0–100), LCP, TBT, CLS and what weighs most. */
async function audit(url, port, formFactor, cookie) {
  const flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    throttlingMethod: 'simulate',
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  const result = await lighthouse(url, flags, formFactor.config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (SAVE_DIR) {
    const name = `${new URL(url).pathname.slice(1) || 'login'}-${formFactor.name}-${Date.now()}.json`;
    fs.writeFileSync(path.join(SAVE_DIR, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
  const metric = (id) => lhr.audits[id].numericValue ?? Number.NaN;
  const failing = (id) =>
    lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 0.9)
      .map((ref) => lhr.audits[ref.id].id);
  return {
    finalUrl: lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lowPerformance: failing('performance'),
    lowAccessibility: failing('accessibility'),
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-bench-lighthouse-'));
const server = await startServer({ DATA_DIR: dataDir });
// Pages are measured against a server in its steady state, not while it does its start-up work
// (Lighthouse multiplies the CPU time it observes, and the server shares the cores with Chromium).
console.log(
  `The server settled ${((await waitUntilSettled(server.pid)) / 1000).toFixed(0)} s after it started.`,
);
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
/** @type {{ page: string; formFactor: string; run: Awaited<ReturnType<typeof audit>> }[]} */
const results = [];
try {
  const cookie = await signIn(server.baseUrl);
  for (const page of PAGES) {
    for (const formFactor of FORM_FACTORS) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(
          await auditWithRetry(
            `${server.baseUrl}${page.path}`,
            chrome.port,
            formFactor,
            page.signedIn ? cookie : undefined,
          ),
        );
      }
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor((runs.length - 1) / 2)];
      if (new URL(median.finalUrl).pathname !== page.path) {
        throw new Error(`${page.path} ended on ${median.finalUrl}: the sign-in did not hold`);
      }
      results.push({ page: page.name, formFactor: formFactor.name, run: median, all: runs });
    }
  }
} finally {
  chrome.kill();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const ms = (value) => `${Math.round(value)} ms`;
console.log(
  `\nLighthouse 12, simulated throttling, ${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`} a row (${machineLine()}):\n`,
);
printTable(
  [
    'page',
    'form factor',
    'performance',
    'accessibility',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    `target ≥ ${TARGET_SCORE}`,
  ],
  results.map(({ page, formFactor, run, all }) => [
    page,
    formFactor,
    all.length > 1
      ? `${run.performance} (${all.map((r) => r.performance).join('/')})`
      : String(run.performance),
    String(run.accessibility),
    ms(run.fcp),
    ms(run.lcp),
    ms(run.tbt),
    run.cls.toFixed(3),
    run.performance >= TARGET_SCORE && run.accessibility >= TARGET_SCORE ? 'MET' : 'MISSED',
  ]),
);
console.log(
  `\nChromium's benchmark index (Lighthouse's CPU speed estimate of this machine, higher is faster): ${results.map((r) => Math.round(r.run.benchmarkIndex)).join(', ')}${retried > 0 ? `; ${retried} run(s) repeated after NO_NAVSTART` : ''}`,
);
const low = results.filter(({ run }) => run.lowPerformance.length + run.lowAccessibility.length > 0);
if (low.length > 0) {
  console.log('\nAudits scoring under 0.9:');
  for (const { page, formFactor, run } of low) {
    console.log(`  ${page} ${formFactor}: ${[...run.lowPerformance, ...run.lowAccessibility].join(', ')}`);
  }
}
const met = results.every(({ run }) => run.performance >= TARGET_SCORE && run.accessibility >= TARGET_SCORE);
const worst = results.reduce((a, b) => (b.run.performance < a.run.performance ? b : a));
console.log(
  `\nTarget: performance ≥ ${TARGET_SCORE} and accessibility ≥ ${TARGET_SCORE} on every page and form factor${onlyPages || onlyFormFactors ? ' (of those audited)' : ''} → ${met ? 'MET' : 'MISSED'} (lowest performance ${worst.run.performance}: ${worst.page} ${worst.formFactor}; lowest accessibility ${Math.min(...results.map((r) => r.run.accessibility))})`,
);
