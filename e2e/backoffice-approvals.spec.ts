import type { Browser, Page } from '@playwright/test';
import { asAdmin } from './fixtures/admin.ts';
import { signInThroughApi } from './fixtures/api.ts';
import { readE2eAccountant, readE2eEnv } from './fixtures/env.ts';
import { readLatestMail } from './fixtures/outbox.ts';
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

test('four-eyes: an accountant proposes a $5,000 adjustment, the owner approves it, the statement names both', async ({
  page,
  browser,
  signedInClient,
}) => {
  const reason = `Compensation for the outage ${Date.now().toString(36)}`;

  // The accountant makes a $5,000 credit on /user/{id}: above the $1,000 threshold, it waits.
  await asAccountant(browser, async (accountant) => {
    await accountant.goto(`/user/${signedInClient.id}`);
    const form = accountant.getByRole('form', { name: 'Manual adjustment' });
    await form.getByLabel('Amount (USD)').fill('5000');
    await form.getByLabel('Reason').fill(reason);
    await form.getByRole('button', { name: 'Credit balance' }).click();
    // Nothing is sent before the confirmation, which names what, how much, to whom and why.
    const confirm = accountant.getByRole('dialog', { name: 'Confirm manual adjustment' });
    await expect(confirm).toContainText('Credit');
    await expect(confirm).toContainText('$5,000.00');
    await expect(confirm).toContainText(signedInClient.email);
    await expect(confirm).toContainText(reason);
    await confirm.getByRole('button', { name: 'Credit $5,000.00' }).click();
    await expect(toast(accountant, 'Awaiting second approval')).toBeVisible();
    await expect(accountant.getByRole('region', { name: 'Total balance' })).toContainText('$0.00');

    // On the Approvals tab the maker sees their request, without buttons.
    await accountant.goto('/all-user?tab=approvals');
    const own = accountant.getByRole('listitem').filter({ hasText: reason });
    await expect(own).toContainText('Your request: a different staff member decides it.');
    await expect(own.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  });

  // Nothing moved yet.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'TOTAL BALANCE' })).toContainText('$0.00');

  // A second staff member (the owner) approves it with a reason on the Approvals tab.
  await asAdmin(browser, async (owner) => {
    await owner.goto('/all-user?tab=approvals');
    const request = owner
      .getByRole('region', { name: 'Awaiting second approval' })
      .getByRole('listitem')
      .filter({ hasText: reason });
    await expect(request).toContainText(signedInClient.email);
    await expect(request).toContainText('+$5,000.00');
    await expect(request).toContainText('E2E Accountant (Accountant)');
    await request.getByRole('button', { name: 'Approve' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Approve' });
    await dialog.getByLabel('Reason').fill('Outage ticket checked');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(owner, 'Approved: the action was carried out')).toBeVisible();
    const decided = owner
      .getByRole('region', { name: 'Decided' })
      .getByRole('listitem')
      .filter({ hasText: reason });
    await expect(decided).toContainText('Approved by');
    await expect(decided).toContainText('E2E Admin (Owner)');
  });

  // The customer has the money, and the statement line names the maker and the approver.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'TOTAL BALANCE' })).toContainText('$5,000.00');
  await page.goto('/statement');
  const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
  await expect(rows.nth(1)).toContainText(`${reason} — made by E2E Accountant, approved by E2E Admin`);
  await expect(rows.nth(1)).toContainText('$5,000.00');

  // And was told, in their Messages: the amount and the maker's reason, no staff name.
  const mail = await readLatestMail(signedInClient, /your balance was credited \$5,000\.00$/);
  expect(mail.text).toContain(`Reason: ${reason}`);
  expect(mail.text).toContain('It is on your Statement');
  expect(mail.text).not.toContain('E2E Accountant');
  expect(mail.text).not.toContain('E2E Admin');
});
