import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { asAdmin, asStaff } from './fixtures/admin.ts';
import { readE2eAccountant, readE2eSecondAdmin } from './fixtures/env.ts';
import { readLatestMail } from './fixtures/outbox.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';
import { E2E_WALLETS } from './global-setup.ts';

test('four-eyes: the maker cancels their own waiting request; nothing moves, the card says who and why', async ({
  page,
  browser,
  signedInClient,
}) => {
  const reason = `Goodwill credit ${Date.now().toString(36)}`;
  await asStaff(browser, readE2eAccountant(), async (accountant) => {
    await accountant.goto(`/user/${signedInClient.id}`);
    const form = accountant.getByRole('form', { name: 'Manual adjustment' });
    await form.getByLabel('Amount (USD)').fill('2000');
    await form.getByLabel('Reason').fill(reason);
    await form.getByRole('button', { name: 'Credit balance' }).click();
    await accountant
      .getByRole('dialog', { name: 'Confirm manual adjustment' })
      .getByRole('button', { name: 'Credit $2,000.00' })
      .click();
    await expect(toast(accountant, 'Awaiting second approval')).toBeVisible();

    await accountant.goto('/all-user?tab=approvals');
    const own = accountant
      .getByRole('region', { name: 'Awaiting second approval' })
      .getByRole('listitem')
      .filter({ hasText: reason });
    await own.getByRole('button', { name: 'Cancel request' }).click();
    const dialog = accountant.getByRole('dialog', { name: 'Cancel request' });
    await expect(dialog).toContainText('your request is withdrawn and nothing moves');
    await dialog.getByLabel('Reason').fill('Wrong customer');
    await dialog.getByRole('button', { name: 'Cancel request' }).click();
    await expect(toast(accountant, 'Request cancelled: nothing moved')).toBeVisible();
    const decided = accountant
      .getByRole('region', { name: 'Decided' })
      .getByRole('listitem')
      .filter({ hasText: reason });
    await expect(decided).toContainText('Cancelled by');
    await expect(decided).toContainText('E2E Accountant (Accountant)');
    await expect(decided).toContainText('“Wrong customer”');
  });

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'TOTAL BALANCE' })).toContainText('$0.00');
});

test('four-eyes: an accountant proposes a $5,000 adjustment, the owner approves it, the customer’s statement gives the reason and names no staff member', async ({
  page,
  browser,
  signedInClient,
}) => {
  const reason = `Compensation for the outage ${Date.now().toString(36)}`;

  // The accountant makes a $5,000 credit on /user/{id}: above the $1,000 threshold, it waits.
  await asStaff(browser, readE2eAccountant(), async (accountant) => {
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

  // The customer has the money, and the statement line is the maker's reason: no staff name, as in
  // the notice below (staff read both names on the user page and in the audit log).
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'TOTAL BALANCE' })).toContainText('$5,000.00');
  await page.goto('/statement');
  const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
  await expect(rows.nth(1)).toContainText(reason);
  await expect(rows.nth(1)).toContainText('$5,000.00');
  await expect(rows.nth(1)).not.toContainText('E2E Accountant');
  await expect(rows.nth(1)).not.toContainText('E2E Admin');

  // The statement narrows to a kind and to days (today, as the customer's clock reads it): the
  // adjustment is under Adjustments; Deposits matches nothing, and says so.
  const filters = page.getByRole('form', { name: 'Filter the statement' });
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  await filters.getByLabel('Kind').selectOption('Adjustments');
  await filters.getByLabel('From').fill(today);
  await filters.getByLabel('To').fill(today);
  await expect(page).toHaveURL(new RegExp(`kind=adjustments.*from=${today}.*to=${today}`));
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(reason);
  await filters.getByLabel('Kind').selectOption('Deposits');
  await expect(page.getByText('No transactions match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/statement');
  await expect(rows.nth(1)).toContainText(reason);

  // And was told, in their Messages: the amount and the maker's reason, no staff name.
  const mail = await readLatestMail(signedInClient, /your balance was credited \$5,000\.00$/);
  expect(mail.text).toContain(`Reason: ${reason}`);
  expect(mail.text).toContain('It is on your Statement');
  expect(mail.text).not.toContain('E2E Accountant');
  expect(mail.text).not.toContain('E2E Admin');
});

/**
 * The serious or critical accessibility violations axe finds on the page as it is (rule and element),
 * toasts included. With reduced motion, as a person who asks for it sees the page: a toast is shown
 * or gone, never caught half faded in or out (axe measured a fading title's contrast on a loaded CI
 * machine and failed the journey).
 */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/** Two valid Ethereum addresses: the journey moves the deposit address from one to the other. */
const ETHEREUM_ADDRESSES = [E2E_WALLETS.ethereum, '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'] as const;

/** Starts an Ethereum deposit of $100 on /deposit and answers the address step 3 tells the customer to pay. */
async function ethereumDepositAddress(page: Page): Promise<string> {
  await page.goto('/deposit');
  await page.getByLabel('Amount (USD)').fill('100');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Ethereum(ETH)').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Awaiting Payment')).toBeVisible();
  const shown = page.getByText(/^0x[0-9a-fA-F]{40}$/);
  await expect(shown).toBeVisible();
  return (await shown.textContent()) ?? '';
}

test('four-eyes: the owner changes the Ethereum deposit address with a reason, customers keep paying to the old one until a second admin approves it', async ({
  page,
  browser,
  signedInClient,
}) => {
  const reason = `New Ethereum cold wallet ${Date.now().toString(36)}`;
  let before = '';
  let after = '';

  // The owner changes the Ethereum address on the Payment tab: it waits for a second staff member.
  await asAdmin(browser, async (owner) => {
    await owner.setViewportSize({ width: 1440, height: 1000 });
    await owner.goto('/all-user?tab=payment');
    const form = owner.getByRole('form', { name: 'Wallet addresses' });
    const ethereum = form.getByRole('textbox', { name: 'Ethereum' });
    before = await ethereum.inputValue();
    after = ETHEREUM_ADDRESSES.find((address) => address !== before) ?? '';
    await ethereum.fill(after);
    // Nothing is sent without a reason.
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(form.getByText('Reason is required')).toBeVisible();
    await form.getByLabel('Reason').fill(reason);
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(toast(owner, 'Awaiting second approval')).toBeVisible();

    const pending = owner.getByRole('region', { name: 'Change awaiting approval' });
    await expect(pending).toContainText(reason);
    await expect(pending).toContainText('E2E Admin (Owner)');
    const row = pending.getByRole('rowgroup', { name: 'Ethereum' });
    await expect(row).toContainText('Changes');
    await expect(row).toContainText(before);
    await expect(row).toContainText(after);
    // The form shows the address in force and stays closed until the change is decided.
    await expect(ethereum).toHaveValue(before);
    await expect(ethereum).toBeDisabled();
    await owner.screenshot({ path: '/tmp/foureyes-payment-1440.png', fullPage: true });
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.screenshot({ path: '/tmp/foureyes-payment-390.png', fullPage: true });
    expect(await seriousViolations(owner)).toEqual([]);

    // On the Approvals tab the maker sees their change, without buttons.
    await owner.goto('/all-user?tab=approvals');
    const own = owner
      .getByRole('region', { name: 'Awaiting second approval' })
      .getByRole('listitem', { name: 'Deposit address change requested by E2E Admin' });
    await expect(own).toContainText('Your request: a different staff member decides it.');
    await expect(own.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  });

  // The customer (signed in on `page`) is still told to pay to the address in force.
  expect(signedInClient.id).toBeTruthy();
  expect(await ethereumDepositAddress(page)).toBe(before);

  // A second admin compares the addresses side by side and approves the change with a reason.
  await asStaff(browser, readE2eSecondAdmin(), async (checker) => {
    await checker.setViewportSize({ width: 1440, height: 1000 });
    await checker.goto('/all-user?tab=approvals');
    const request = checker
      .getByRole('region', { name: 'Awaiting second approval' })
      .getByRole('listitem', { name: 'Deposit address change requested by E2E Admin' });
    await expect(request).toContainText(reason);
    await expect(request.getByRole('columnheader', { name: 'In force' })).toBeVisible();
    await expect(request.getByRole('columnheader', { name: 'Proposed' })).toBeVisible();
    const row = request.getByRole('rowgroup', { name: 'Ethereum' });
    await expect(row).toContainText(before);
    await expect(row).toContainText(after);
    await request.scrollIntoViewIfNeeded();
    await checker.screenshot({ path: '/tmp/foureyes-approvals-1440.png', fullPage: true });
    await checker.setViewportSize({ width: 390, height: 844 });
    await request.screenshot({ path: '/tmp/foureyes-approvals-card-390.png' });
    await checker.screenshot({ path: '/tmp/foureyes-approvals-390.png', fullPage: true });
    expect(await seriousViolations(checker)).toEqual([]);
    await request.getByRole('button', { name: 'Approve' }).click();
    const dialog = checker.getByRole('dialog', { name: 'Approve' });
    await expect(dialog).toContainText('takes effect at once: customers are shown the new addresses');
    await dialog.getByLabel('Reason').fill('Confirmed with the treasurer by phone');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(checker, 'Approved: the action was carried out')).toBeVisible();
    const decided = checker
      .getByRole('region', { name: 'Decided' })
      .getByRole('listitem')
      .filter({ hasText: reason });
    await expect(decided).toContainText('E2E Second Admin (Admin)');
    await expect(decided).toContainText('Confirmed with the treasurer by phone');
  });

  // Now the customer is told to pay to the new address, and the Payment tab has it in force.
  expect(await ethereumDepositAddress(page)).toBe(after);
  await asAdmin(browser, async (owner) => {
    await owner.goto('/all-user?tab=payment');
    await expect(owner.getByRole('textbox', { name: 'Ethereum' })).toHaveValue(after);
    await expect(owner.getByRole('region', { name: 'Change awaiting approval' })).toHaveCount(0);
  });
});

test('four-eyes: the owner asks to raise the second approval threshold with a reason; it waits, the other settings save, and a second admin rejects it', async ({
  browser,
}) => {
  const reason = `Month-end batch of refunds ${Date.now().toString(36)}`;
  let inForce = '';

  // The owner raises the threshold on the Settings tab: it waits for a second staff member.
  await asAdmin(browser, async (owner) => {
    await owner.setViewportSize({ width: 1440, height: 1000 });
    await owner.goto('/all-user?tab=settings');
    const form = owner.getByRole('form', { name: 'Site settings' });
    const threshold = form.getByRole('textbox', { name: 'Second approval above (USD)' });
    inForce = await threshold.inputValue();
    const raised = (Number(inForce) + 1000).toFixed(2);
    await threshold.fill(raised);
    // Nothing is sent without a reason.
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(form.getByText('Reason is required')).toBeVisible();
    await form.getByLabel('Reason for a threshold change').fill(reason);
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(toast(owner, 'Awaiting second approval')).toBeVisible();

    const pending = form.getByRole('region', { name: 'Threshold change awaiting approval' });
    await expect(pending).toContainText(reason);
    await expect(pending).toContainText('E2E Admin (Owner)');
    await expect(pending).toContainText('Raises the threshold');
    // The field shows the threshold in force, read-only, until the change is decided.
    await expect(threshold).toHaveValue(inForce);
    await expect(threshold).not.toBeEditable();
    await pending.scrollIntoViewIfNeeded();
    await owner.screenshot({ path: '/tmp/foureyes-threshold-settings-1440.png' });
    await owner.setViewportSize({ width: 390, height: 844 });
    await pending.scrollIntoViewIfNeeded();
    await owner.screenshot({ path: '/tmp/foureyes-threshold-settings-390.png' });
    expect(await seriousViolations(owner)).toEqual([]);

    await owner.goto('/all-user?tab=approvals');
    const own = owner
      .getByRole('region', { name: 'Awaiting second approval' })
      .getByRole('listitem', { name: 'Second approval threshold change requested by E2E Admin' });
    await expect(own).toContainText('Your request: a different staff member decides it.');
    await expect(own.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  });

  // A second admin reads old and new side by side and rejects it: the threshold in force stays.
  await asStaff(browser, readE2eSecondAdmin(), async (checker) => {
    await checker.setViewportSize({ width: 1440, height: 1000 });
    await checker.goto('/all-user?tab=approvals');
    const request = checker
      .getByRole('region', { name: 'Awaiting second approval' })
      .getByRole('listitem', { name: 'Second approval threshold change requested by E2E Admin' });
    await expect(request).toContainText(reason);
    await expect(request.getByRole('columnheader', { name: 'In force' })).toBeVisible();
    await expect(request.getByRole('columnheader', { name: 'Proposed' })).toBeVisible();
    await request.scrollIntoViewIfNeeded();
    await request.screenshot({ path: '/tmp/foureyes-threshold-approval-1440.png' });
    await checker.setViewportSize({ width: 390, height: 844 });
    await request.screenshot({ path: '/tmp/foureyes-threshold-approval-390.png' });
    expect(await seriousViolations(checker)).toEqual([]);
    await request.getByRole('button', { name: 'Reject' }).click();
    const dialog = checker.getByRole('dialog', { name: 'Reject' });
    await expect(dialog).toContainText('is refused: the threshold in force stays');
    await dialog.getByLabel('Reason').fill('Not during the audit');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(toast(checker, 'Request rejected: nothing moved')).toBeVisible();
  });

  await asAdmin(browser, async (owner) => {
    await owner.goto('/all-user?tab=settings');
    const form = owner.getByRole('form', { name: 'Site settings' });
    await expect(form.getByRole('textbox', { name: 'Second approval above (USD)' })).toHaveValue(inForce);
    await expect(form.getByRole('region', { name: 'Threshold change awaiting approval' })).toHaveCount(0);
    await expect(form.getByLabel('Reason for a threshold change')).toBeEditable();
  });
});
