import { INACTIVE_ACCOUNT_MESSAGE } from '@candor/contracts/errors';
import type { Page } from '@playwright/test';
import { asAdmin, asStaff, creditCustomer } from './fixtures/admin.ts';
import { expectOk } from './fixtures/api.ts';
import { readComplianceCredentials, readE2eEnv } from './fixtures/env.ts';
import { readLatestMail } from './fixtures/outbox.ts';
import { expect, test } from './fixtures/test.ts';
import { LOGIN_FAILED, submitLoginForm, toast } from './fixtures/ui.ts';

/** Fills the reason dialog titled `title` and presses its button of the same name. */
async function confirmWithReason(page: Page, title: string, reason: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: title }).click();
}

test('a compliance member suspends a customer with a reason; the customer reads it and cannot trade', async ({
  page,
  browser,
  signedInClient,
}) => {
  await asStaff(browser, readComplianceCredentials(), async (staff) => {
    await staff.goto(`/user/${signedInClient.id}`);
    await expect(staff.getByRole('heading', { name: signedInClient.fullname, level: 1 })).toBeVisible();
    // Compliance changes the status but does not close accounts.
    await expect(staff.getByRole('button', { name: 'Close account' })).toHaveCount(0);
    await staff.getByRole('button', { name: 'Suspend account' }).click();
    await confirmWithReason(staff, 'Suspend account', 'Proof of address expired');
    await expect(toast(staff, 'User status updated')).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Unsuspend account' })).toBeVisible();
    await expect(
      staff.getByRole('region', { name: 'Profile' }).getByText('Reason: Proof of address expired'),
    ).toBeVisible();
  });

  await page.goto('/dashboard');
  const notice = page.getByRole('alert').filter({ hasText: INACTIVE_ACCOUNT_MESSAGE });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Reason: Proof of address expired');
  await expect(page.getByRole('main').getByRole('link', { name: 'Deposit', exact: true })).toHaveCount(0);

  await page.goto('/trades');
  await expect(page.getByText(INACTIVE_ACCOUNT_MESSAGE)).toBeVisible();
  await expect(page.getByRole('button', { name: 'BUY' })).toBeDisabled();
  // The server refuses too, whatever the page shows.
  const refused = await page.request.post('/api/trades', {
    data: { symbol: 'BTCUSD', direction: 'buy', amount: '10', lotSize: '1' },
    headers: { origin: readE2eEnv().baseURL },
  });
  expect(refused.status()).toBe(403);
  // The statement stays readable.
  await page.goto('/statement');
  await expect(page.getByText(INACTIVE_ACCOUNT_MESSAGE)).toHaveCount(0);
  await expect(page).toHaveURL('/statement');
});

test('on a phone (390 px), a long unbroken suspension reason wraps inside the notice: nothing runs off the dashboard', async ({
  page,
  browser,
  signedInClient,
}) => {
  const reason = `Ref:${'X'.repeat(296)}`;
  await asStaff(browser, readComplianceCredentials(), async (staff) => {
    const suspended = await staff.request.post(`/api/admin/users/${signedInClient.id}/suspend`, {
      data: { reason },
      headers: { origin: readE2eEnv().baseURL },
    });
    await expectOk(suspended, 'suspend the customer');
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const notice = page.getByRole('alert').filter({ hasText: INACTIVE_ACCOUNT_MESSAGE });
  await expect(notice).toContainText(`Reason: ${reason}`);
  const noticeBox = await notice.boundingBox();
  expect(noticeBox && noticeBox.x + noticeBox.width).toBeLessThanOrEqual(390);
  // The page itself does not scroll sideways.
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(390);
});

test('an account with money, or adjusted less than 7 days ago, cannot be closed; the customer was told of the debit', async ({
  browser,
  client,
}) => {
  await asAdmin(browser, async (owner) => {
    // With money in it, credited a moment ago, the account cannot be closed: the dialog lists both
    // reasons before any is asked for: the balance, and the wait the credit started.
    await creditCustomer(owner, client.id, '12');
    await owner.goto(`/user/${client.id}`);
    await owner.getByRole('button', { name: 'Close account' }).click();
    const blocked = owner.getByRole('dialog', { name: 'Close account' });
    await expect(blocked).toContainText('account cannot be closed yet:');
    await expect(blocked.getByRole('listitem')).toHaveText([
      'The balance is $12.00: it must be zero to close the account.',
      /^A manual adjustment was posted to the account less than 7 days ago/,
    ]);
    await expect(blocked.getByLabel('Reason')).toHaveCount(0);
    await blocked.getByRole('button', { name: 'Back' }).click();
    await expect(blocked).toBeHidden();

    // Emptied by a manual debit, it still cannot be closed: the customer must have time to object.
    const debit = await owner.request.post(`/api/admin/users/${client.id}/adjustments`, {
      data: { direction: 'debit', amount: '12', reason: 'Balance paid out before closing' },
      headers: { origin: readE2eEnv().baseURL },
    });
    await expectOk(debit, 'debit');
    await owner.getByRole('button', { name: 'Close account' }).click();
    await expect(blocked.getByRole('listitem')).toHaveText([
      /^A manual adjustment was posted to the account less than 7 days ago.*The account can be closed from \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/,
    ]);
  });
  // The customer was mailed the debit, with its reason.
  const mail = await readLatestMail(client, /your balance was debited \$12\.00$/);
  expect(mail.text).toContain('Reason: Balance paid out before closing');
});

test('the owner closes an account with nothing in it; the customer can no longer sign in', async ({
  page,
  browser,
  signedInClient,
}) => {
  await asAdmin(browser, async (owner) => {
    await owner.goto(`/user/${signedInClient.id}`);
    await owner.getByRole('button', { name: 'Close account' }).click();
    await confirmWithReason(owner, 'Close account', 'Customer asked to close');
    await expect(toast(owner, 'User deleted successfully')).toBeVisible();
    await expect(owner).toHaveURL(/\/all-user$/);
  });

  // Signed out everywhere: the customer's page goes back to the login page.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
  // And cannot sign in again.
  await submitLoginForm(page, signedInClient);
  await expect(page.getByText(LOGIN_FAILED)).toBeVisible();
});
