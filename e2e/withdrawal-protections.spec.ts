import { paymentDemandMessage } from '@candor/contracts/staff-texts';
import { asAdmin, creditCustomer, enableWithdrawalSetting } from './fixtures/admin.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';

const PAYMENT_DEMAND = paymentDemandMessage('a payment');
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

test('a rejection asking the customer to pay is refused beside the field; the honest one reaches the customer with the no-payment line', async ({
  page,
  browser,
  signedInClient,
}, testInfo) => {
  await asAdmin(browser, async (admin) => {
    await creditCustomer(admin, signedInClient.id, '500');
  });
  await page.goto('/select-withdrawal');
  await page.getByRole('button', { name: /^Paypal/ }).click();
  await page.getByLabel('PayPal e-mail').fill('me@paypal.example');
  await page.getByLabel('Amount (USD)').fill('120');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  let withdrawalId = '';
  await expect
    .poll(async () => {
      const list = await (await page.request.get('/api/withdrawals')).json();
      withdrawalId = list.items[0]?.id ?? '';
      return withdrawalId;
    })
    .not.toBe('');

  await asAdmin(browser, async (admin) => {
    for (const width of [390, 1440]) {
      await admin.setViewportSize({ width, height: 900 });
      await admin.goto(`/withdrawal/${withdrawalId}`);
      await admin.getByRole('button', { name: 'Reject', exact: true }).click();
      const dialog = admin.getByRole('dialog', { name: 'Reject withdrawal' });
      await dialog.getByLabel('Reason').fill('Buy the Diamond signal plan to unlock withdrawals');
      await dialog.getByRole('button', { name: 'Reject withdrawal' }).click();
      await expect(dialog.getByText(PAYMENT_DEMAND)).toBeVisible();
      await admin.screenshot({ path: testInfo.outputPath(`reject-demand-${width}.png`) });
      if (width === 390) await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
    const dialog = admin.getByRole('dialog', { name: 'Reject withdrawal' });
    await dialog.getByLabel('Reason').fill('The PayPal account name does not match your name');
    await dialog.getByRole('button', { name: 'Reject withdrawal' }).click();
    await expect(toast(admin, 'Withdrawal rejected')).toBeVisible();
  });

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/withdrawals');
    const row = page
      .getByRole('listitem')
      .filter({ hasText: 'The PayPal account name does not match your name' });
    await expect(row.getByText('Rejected')).toBeVisible();
    await expect(row.getByText('No payment is ever needed to withdraw.', { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`rejected-withdrawal-${width}.png`) });
  }
});
