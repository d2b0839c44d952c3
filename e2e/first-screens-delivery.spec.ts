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
  // The entry, its runtime and the first screens; the chart comes after, on its own.
  const beforeChart = scripts.filter((script) => !/price-chart|chart-options/.test(script));
  expect(beforeChart).toHaveLength(3);
});

test('a visitor without a session gets the page without that preload', async ({ page }) => {
  const response = await page.goto('/');
  expect(await response?.text()).not.toContain('first-screens');
  await expect(page.getByRole('heading', { name: 'Login into your account' })).toBeVisible();
});

// The scripts the first screens run while loading carry V8's compile hint on their first line
// (compiled off the main thread while they stream in); a page loaded later on use does not.
test('the first screens and the chart are compiled eagerly, a lazy page is not', async ({
  page,
  signedInClient,
}) => {
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
  const hinted = scripts.filter((script) =>
    /\/(index|first-screens|price-chart|chart-options)-/.test(script),
  );
  expect(hinted).toHaveLength(4);
  for (const script of hinted) expect(await firstLine(script)).toBe('//# allFunctionsCalledOnLoad');

  const before = scripts.length;
  await page.getByRole('link', { name: 'Account', exact: true }).first().click();
  await expect(page).toHaveURL(/\/account$/);
  const later = scripts.slice(before).filter((script) => /account-route-/.test(script));
  expect(later).toHaveLength(1);
  expect(await firstLine(later[0] as string)).not.toContain('allFunctionsCalledOnLoad');
});
