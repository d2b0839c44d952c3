import { expect, test } from './fixtures/test.ts';

test('a client cannot open an administrator page', async ({ page, signedInClient }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${signedInClient.fullname}` })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage' }),
  ).toHaveCount(0);

  await page.goto('/all-user');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);

  // The server refuses too, whatever the page shows.
  const response = await page.request.get('/api/admin/outbox');
  expect(response.status()).toBe(403);
  // Their own mail is theirs to read.
  expect((await page.request.get('/api/messages')).status()).toBe(200);
});
