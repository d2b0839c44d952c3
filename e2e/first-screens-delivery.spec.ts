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
