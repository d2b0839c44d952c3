import { expect, test } from './fixtures/test.ts';

/**
 * Issue 12, item 4: an unverified customer sees the limits in Settings before filling a form, and a
 * deposit over them is refused at step 1 with the server's words (a server refusal shows "Verify your
 * identity" as the link to /identity, proved by the web tests). Settings are global and journeys run in parallel: this
 * one keeps global-setup's permissive values (E2E_IDENTITY_LIMITS) and goes over the deposit limit
 * by a cent; the strict defaults are proved by the server tests (verification-limits).
 */
test('an unverified customer sees the 30-day limits and a deposit over them is refused at step 1', async ({
  page,
  signedInClient: _client,
}) => {
  await page.goto('/deposit');
  await expect(
    page.getByText('You can deposit up to $1,000,000.00 in 30 days; $1,000,000.00 is left.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute('href', '/identity');

  // Step 1 refuses it with the server's words (the notice above has the link); no coin is offered.
  await page.getByLabel('Amount (USD)').fill('1000000.01');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByText(
      'Unverified accounts can deposit at most $1,000,000.00 in 30 days; you can deposit $1,000,000.00 more.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Bitcoin(BTC)')).toHaveCount(0);

  await page.goto('/select-withdrawal');
  await expect(
    page.getByText('You can withdraw up to $1,000,000.00 in 30 days; $1,000,000.00 is left.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Bank/ })).toBeVisible();
});
