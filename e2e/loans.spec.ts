import type { Browser, Page } from '@playwright/test';
import { asAdmin } from './fixtures/admin.ts';
import { expectOk, signInThroughApi } from './fixtures/api.ts';
import { readE2eAccountant, readE2eEnv } from './fixtures/env.ts';
import { expectWhole, PHONE } from './fixtures/layout.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';

/** Runs `steps` in a browser of its own signed in as the run's accountant. */
async function asAccountant(browser: Browser, steps: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ baseURL: readE2eEnv().baseURL });
  try {
    const page = await context.newPage();
    await signInThroughApi(page.request, readE2eAccountant());
    await steps(page);
  } finally {
    await context.close();
  }
}

test('a customer applies for a Level 1 loan, the accountant approves it, the customer sees it on the statement and repays it', async ({
  page,
  browser,
  signedInClient,
}) => {
  test.setTimeout(90_000);
  const { baseURL } = readE2eEnv();

  // The portfolio Level 1 requires ($350,000): a credit by the owner, above the four-eyes
  // threshold, approved by a second staff member (the accountant), as any large credit is.
  let approvalId = '';
  await asAdmin(browser, async (owner) => {
    const response = await owner.request.post(`/api/admin/users/${signedInClient.id}/adjustments`, {
      data: { direction: 'credit', amount: '350000.00', reason: 'Opening balance for the loan journey' },
      headers: { origin: baseURL },
    });
    await expectOk(response, 'credit the customer');
    approvalId = (await response.json()).approval?.id ?? '';
  });
  await asAccountant(browser, async (accountant) => {
    if (approvalId) {
      const approved = await accountant.request.post(`/api/admin/approvals/${approvalId}/approve`, {
        data: { reason: 'Opening balance checked' },
        headers: { origin: baseURL },
      });
      await expectOk(approved, 'second approval of the credit');
    }
  });

  // The customer reads the loan plans and applies for Level 1.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/trading-plans');
  await expect(page.getByRole('heading', { name: 'Trading loan plans' })).toBeVisible();
  const level1 = page
    .getByRole('region', { name: 'Loan plans' })
    .locator('section')
    .filter({ hasText: 'Level 1' });
  await expect(level1).toContainText('$2,000,000.00');
  await expect(level1).toContainText('Term: 25 days');
  await expect(level1).toContainText('Interest 12.17% a year, accrued daily');
  await expect(level1).toContainText('Portfolio of at least $350,000.00');
  await expect(level1).toContainText('Your portfolio: $350,000.00');
  await page.screenshot({ path: '/tmp/loans-plans-390.png', fullPage: true });
  await level1.getByRole('button', { name: 'APPLY FOR LOAN' }).click();
  const form = page.getByRole('dialog', { name: 'Apply for the Level 1 loan' });
  await form.getByLabel('Full name').fill(signedInClient.fullname);
  await form.getByLabel('Total Monthly Income').fill('12500');
  await form.getByLabel('Goal').fill('Trade larger EURUSD positions');
  await page.screenshot({ path: '/tmp/loans-apply-390.png' });
  await form.getByRole('button', { name: 'Proceed' }).click();
  await expect(form).toBeHidden();
  // Where the decision will be told: Messages, which every site has (e-mail only with SMTP).
  await expect(
    toast(page, 'Your loan application was sent. You will be told in your Messages when it is decided.'),
  ).toBeVisible();
  await expect(page.getByText('Under review')).toBeVisible();

  // The accountant approves it on the Loan applications tab.
  await asAccountant(browser, async (accountant) => {
    // On a phone the row is whole (nothing cut by the card's edge) and opens the application, whose
    // Approve and Decline show.
    await accountant.setViewportSize(PHONE);
    await accountant.goto('/all-user?tab=loans');
    const onPhone = accountant.getByRole('row').filter({ hasText: signedInClient.fullname });
    // The card around the table, which cuts off whatever the table would spill.
    const card = accountant.getByRole('table').locator('..');
    await expectWhole(onPhone.getByRole('button', { name: signedInClient.fullname }), card);
    await expectWhole(onPhone.getByText('$2,000,000.00'), card);
    await expectWhole(onPhone.getByText('Under review').filter({ visible: true }), card);
    expect(await accountant.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await onPhone.getByRole('button', { name: signedInClient.fullname }).click();
    await expect(accountant.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
    await expect(accountant.getByRole('button', { name: 'Decline', exact: true })).toBeVisible();
    await accountant.getByRole('button', { name: 'All loan applications' }).click();

    await accountant.setViewportSize({ width: 1280, height: 900 });
    await accountant.goto('/all-user?tab=loans');
    await expect(accountant.getByRole('tab', { name: 'Loan applications' })).toBeVisible();
    const row = accountant.getByRole('row').filter({ hasText: signedInClient.email });
    await expect(row).toContainText('$2,000,000.00');
    await accountant.screenshot({ path: '/tmp/loans-admin-list.png', fullPage: true });
    await row.getByRole('button', { name: signedInClient.fullname }).click();
    await expect(accountant.getByText('Trade larger EURUSD positions')).toBeVisible();
    await accountant.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = accountant.getByRole('dialog', { name: 'Approve loan' });
    // A reason is required (decision 044): nothing is sent without one.
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Reason is required');
    await dialog.getByLabel('Reason').fill('Income and portfolio checked');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(toast(accountant, 'Loan approved and paid out')).toBeVisible();
    await expect(accountant.getByText('Owed now')).toBeVisible();
    await accountant.screenshot({ path: '/tmp/loans-admin-details.png', fullPage: true });
  });

  // The customer sees the loan and the payout on the statement.
  await page.goto('/trading-plans');
  const loan = page
    .getByRole('region', { name: 'My loans' })
    .locator('section')
    .filter({ hasText: 'Level 1 loan of' });
  await expect(loan).toContainText('Active');
  await expect(loan).toContainText('$2,000,000.00');
  await page.screenshot({ path: '/tmp/loans-my-loan-390.png', fullPage: true });
  await page.goto('/statement');
  await expect(page.getByText('Loan paid out').filter({ visible: true }).first()).toBeVisible();

  // The withdrawal form says that borrowed money cannot be withdrawn.
  await page.goto('/select-withdrawal');
  await page
    .getByRole('button', { name: /PayPal/i })
    .first()
    .click();
  await expect(
    page.getByText('Borrowed money cannot be withdrawn: you can withdraw up to $350,000.00'),
  ).toBeVisible();

  // It repays it all, with a confirmation, and sees it repaid.
  await page.goto('/trading-plans');
  await loan.getByRole('button', { name: 'Repay' }).click();
  await page
    .getByRole('dialog', { name: 'Repay Level 1' })
    .getByRole('button', { name: 'Repay all' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Confirm repayment' });
  await expect(confirm).toContainText('$2,000,000.00');
  await confirm.getByRole('button', { name: 'Confirm repayment' }).click();
  await expect(toast(page, 'Your loan is repaid.')).toBeVisible();
  await expect(loan).toContainText('Repaid');
  await expect(loan).toContainText('Owed now$0.00');
});
