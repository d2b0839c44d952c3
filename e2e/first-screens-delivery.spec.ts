import { asAdmin } from './fixtures/admin.ts';
import { expect, test } from './fixtures/test.ts';

// docs/decisions/036 (session of 2026-11-26): a browser that holds a session gets the page that
// preloads the signed-in first screens' chunk, and the dashboard needs no other script to render.
test('a signed-in deep link preloads the first screens and renders from three scripts', async ({
  page,
  signedInClient,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const response = await page.goto('/dashboard');
  const html = (await response?.text()) ?? '';
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/first-screens-[\w-]+\.js">/);
  await expect(page.getByRole('heading', { name: `Welcome, ${signedInClient.fullname}` })).toBeVisible();
  // The entry, its runtime and the first screens; and the chart's two, preloaded beside them
  // (docs/decisions/056) at low priority: the first paint needs none of the chart's code (036).
  for (const chunk of ['price-chart', 'chart-options']) {
    expect(html).toMatch(
      new RegExp(
        `<link rel="modulepreload" crossorigin href="/assets/${chunk}-[\\w-]+\\.js" fetchpriority="low">`,
      ),
    );
  }
  const beforeChart = scripts.filter((script) => !/price-chart|chart-options/.test(script));
  expect(beforeChart).toHaveLength(3);
});

// docs/decisions/036 (2026-11-30): the chart library's chunk carries V8's compile hint on its first
// line (compiled off the main thread while it streams in); the entry and the first screens do not.
test('the chart library is compiled eagerly, the first screens lazily', async ({ page, signedInClient }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${signedInClient.fullname}` })).toBeVisible();
  await expect
    .poll(async () => Number(await page.getByTestId('price-chart').getAttribute('data-candle-count')), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  const firstLine = async (script: string) => (await (await page.request.get(script)).text()).split('\n')[0];
  const hinted: string[] = [];
  for (const script of scripts) {
    if ((await firstLine(script)) === '//# allFunctionsCalledOnLoad') hinted.push(script);
  }
  expect(hinted).toHaveLength(1);
  expect(hinted[0]).toMatch(/\/chart-options-/);
  const library = await (await page.request.get(hinted[0] as string)).text();
  expect(library).toContain('Charting by TradingView');
});

test('a visitor without a session gets the page without that preload', async ({ page }) => {
  const response = await page.goto('/');
  expect(await response?.text()).not.toContain('first-screens');
  await expect(page.getByRole('heading', { name: 'Login into your account' })).toBeVisible();
});

// docs/decisions/036 (2026-11-27): a page's first Intl formatter costs the browser's set-up (ICU,
// 35–80 ms of the main thread here). The dashboard (chart and signal drawn) and the trades page
// (chart drawn) write their fixed English UTC formats without it (lib/utc-format.ts).
for (const { path, signal } of [
  { path: '/dashboard', signal: true },
  { path: '/trades', signal: false },
]) {
  test(`${path} draws its first screen without making an Intl formatter`, async ({
    page,
    signedInClient,
  }) => {
    await page.addInitScript(() => {
      const uses: string[] = [];
      Object.assign(window, { intlUses: uses });
      for (const name of [
        'DateTimeFormat',
        'NumberFormat',
        'Collator',
        'PluralRules',
        'RelativeTimeFormat',
      ] as const) {
        const original = Intl[name];
        Object.assign(Intl, {
          [name]: new Proxy(original, {
            construct: (target, args) => {
              uses.push(`Intl.${name}`);
              return Reflect.construct(target, args);
            },
            apply: (target, self, args) => {
              uses.push(`Intl.${name}`);
              return Reflect.apply(target, self, args);
            },
          }),
        });
      }
      const localeMethods: [object, string][] = [
        [Date.prototype, 'toLocaleString'],
        [Date.prototype, 'toLocaleDateString'],
        [Date.prototype, 'toLocaleTimeString'],
        [Number.prototype, 'toLocaleString'],
      ];
      for (const [prototype, method] of localeMethods) {
        const original = Reflect.get(prototype, method) as (...args: unknown[]) => string;
        Object.assign(prototype, {
          [method](this: unknown, ...args: unknown[]) {
            uses.push(method);
            return original.apply(this, args);
          },
        });
      }
    });
    expect(signedInClient.email).toBeTruthy();
    await page.goto(path);
    if (signal) {
      await expect(page.getByRole('meter', { name: /^Signal Strength · / })).toBeVisible();
      await expect(page.getByText(/candles, as of \d{2} \w{3,4}, \d{2}:\d{2} UTC/)).toBeVisible();
    }
    const chart = page.getByTestId('price-chart').first();
    await expect
      .poll(async () => Number(await chart.getAttribute('data-candle-count')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    // The axis is drawn on the next animation frame after the candles.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await page.evaluate(() => (window as unknown as { intlUses: string[] }).intlUses)).toEqual([]);
  });
}

// The session index.html preloads is taken by every page, also the public ones that never ask who
// is signed in themselves (Chromium warns of a preload unused a few seconds after the load).
test('a public page takes the preloaded session answer', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/preloaded using link preload but not used/.test(message.text())) warnings.push(message.text());
  });
  let sessionRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/session') sessionRequests += 1;
  });
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
  // Chromium reports an unused preload 3 s after the page's load event.
  await page.waitForTimeout(4_000);
  expect(warnings).toEqual([]);
  expect(sessionRequests).toBe(1);
});

// docs/decisions/056: a signed-in page comes with the API's answers to its first screen's requests
// (apps/server/src/plugins/first-screen-answers.ts), so the first screen is drawn without asking the
// API anything but the live prices' stream.
for (const { path, emptyList } of [
  { path: '/dashboard', emptyList: 'No closed trades yet.' },
  { path: '/trades?symbol=BTCUSD', emptyList: 'No active trades.' },
]) {
  test(`${path} draws its first screen from the answers sent with the page`, async ({
    page,
    signedInClient,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && url.pathname !== '/api/prices/stream') {
        asked.push(`${url.pathname}${url.search}`);
      }
    });
    const response = await page.goto(path);
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(await response?.text()).toContain(signedInClient.email);
    await expect(page.getByText(emptyList)).toBeVisible();
    await expect(page.getByText('$0.00').first()).toBeVisible();
    const chart = page.getByTestId('price-chart').first();
    await expect
      .poll(async () => Number(await chart.getAttribute('data-candle-count')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    if (path === '/dashboard')
      await expect(page.getByRole('meter', { name: /^Signal Strength · BTCUSD · / })).toBeVisible();
    else await expect(page.getByTestId('live-price').first()).toContainText(/\d/);
    expect(asked).toEqual([]);
    // Taken out of the page once read.
    await expect(page.locator('#first-screen-answers')).toHaveCount(0);
  });
}

test('after the first screen, the same reads go to the API again', async ({ page, signedInClient }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${signedInClient.fullname}` })).toBeVisible();
  await expect(page.getByText('No closed trades yet.')).toBeVisible();
  const balances = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/me/balances');
  // To the Market page (/trades): the balances are read again (staleTime 0).
  await page.getByRole('link', { name: 'Market', exact: true }).click();
  await expect(page.getByText('No active trades.')).toBeVisible();
  await balances;
});

// docs/decisions/056: a tab strip shown first on a later tab scrolls to it only when the narrow
// screen cuts it off, read with the next frame's layout instead of a forced one.
test('on a phone, the back office opened on its Audit log tab shows that tab in its strip', async ({
  browser,
}) => {
  await asAdmin(browser, async (admin) => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto('/all-user?tab=audit');
    const tab = admin.getByRole('tab', { name: 'Audit log' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(tab).toBeInViewport({ ratio: 1 });
  });
});
