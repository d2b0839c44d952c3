import { asAdmin, creditCustomer, enableWithdrawalSetting } from './fixtures/admin.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';

const NO_PAYMENT =
  'No payment is ever needed to withdraw. You can cancel this request at any time and the amount returns to your balance.';

test('a held withdrawal: the customer reads that no payment is needed, cancels it, and the balance comes back', async ({
  page,
  browser,
  signedInClient,
}) => {
  await asAdmin(browser, async (admin) => {
    await creditCustomer(admin, signedInClient.id, '500');
    await enableWithdrawalSetting(
      admin,
      signedInClient.id,
      'Withdrawal hold',
      'Source of funds check: upload a bank statement on the Identity page',
    );
    await expect(toast(admin, 'Withdrawal settings updated successfully')).toBeVisible();
  });

  await page.goto('/select-withdrawal');
  await page.getByRole('button', { name: /^Paypal/ }).click();
  await page.getByLabel('PayPal e-mail').fill('me@paypal.example');
  await page.getByLabel('Amount (USD)').fill('120');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(
    page.getByText('Reason: Source of funds check: upload a bank statement on the Identity page'),
  ).toBeVisible();
  await expect(page.getByText(NO_PAYMENT)).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByText('Available $380.00 · Reserved $120.00')).toBeVisible();

  await page.goto('/withdrawals');
  const row = page
    .getByRole('listitem')
    .filter({ hasText: 'Source of funds check: upload a bank statement on the Identity page' });
  await expect(row.getByText('On hold')).toBeVisible();
  await expect(row.getByText(NO_PAYMENT)).toBeVisible();
  await row.getByRole('button', { name: 'Cancel the withdrawal of $120.00' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel withdrawal' });
  await expect(dialog).toContainText('The amount returns to your available balance at once.');
  await dialog.getByRole('button', { name: 'Cancel withdrawal' }).click();
  await expect(toast(page, 'Withdrawal cancelled: the amount is back in your balance.')).toBeVisible();
  await expect(page.getByText('Cancelled by you')).toBeVisible();
  await expect(page.getByRole('button', { name: /Cancel the withdrawal/ })).toHaveCount(0);

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'TOTAL BALANCE' })).toContainText('$500.00');
  await expect(page.getByText(/Reserved \$/)).toHaveCount(0);
  await page.goto('/statement');
  await expect(page.getByText('Withdrawal cancelled by the customer, amount released').first()).toBeVisible();

  await asAdmin(browser, async (admin) => {
    await admin.goto('/all-user?tab=withdrawals');
    await expect(admin.getByText('Cancelled by customer', { exact: true }).first()).toBeVisible();
  });
});
