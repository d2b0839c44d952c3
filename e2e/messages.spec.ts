import { asAdmin, creditCustomer, enableWithdrawalSetting } from './fixtures/admin.ts';
import { expectWhole } from './fixtures/layout.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';

test('with no SMTP, a customer reads their withdrawal code in Messages and confirms with it; staff see the envelope only', async ({
  page,
  browser,
  signedInClient,
}) => {
  await asAdmin(browser, async (admin) => {
    await creditCustomer(admin, signedInClient.id, '200');
    await enableWithdrawalSetting(admin, signedInClient.id, 'Require e-mail confirmation code');
    await expect(toast(admin, 'Withdrawal settings updated successfully')).toBeVisible();
  });

  await page.goto('/select-withdrawal');
  await page.getByRole('button', { name: /^Bank/ }).click();
  await page.getByLabel('Account number').fill('12345678');
  await page.getByLabel('Bank name').fill('First Example Bank');
  await page.getByLabel('Account name').fill(signedInClient.fullname);
  await page.getByLabel('Amount (USD)').fill('40');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your withdrawal' })).toBeVisible();

  // In a second tab, the header's Messages link (with its unread badge) leads to the code.
  const messages = await page.context().newPage();
  await messages.goto('/dashboard');
  await messages.getByRole('link', { name: /^Messages, \d+ unread$/ }).click();
  await expect(messages).toHaveURL('/messages');
  await expect(messages.getByRole('heading', { name: 'Messages' })).toBeVisible();
  // On the narrowest phones (WCAG's reflow width), a long unread subject wraps within its row,
  // whole (nothing of it cut), and the page does not grow wider than the screen.
  await messages.setViewportSize({ width: 320, height: 800 });
  const subject = messages.getByRole('link', { name: /withdrawal confirmation code \(unread\)$/ });
  await expectWhole(subject, messages.getByRole('row').filter({ has: subject }));
  expect(await messages.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  await messages.getByRole('link', { name: /withdrawal confirmation code \(unread\)$/ }).click();
  await expect(messages.getByRole('heading', { name: /withdrawal confirmation code$/ })).toBeVisible();
  const text = (await messages.locator('pre').textContent()) ?? '';
  const code = /^(\d{6})$/m.exec(text)?.[1];
  expect(code).toBeDefined();
  // Opened, it is read: the list no longer marks it.
  await messages.getByRole('link', { name: 'Messages', exact: true }).first().click();
  await expect(messages.getByRole('link', { name: /withdrawal confirmation code$/ })).toBeVisible();
  await messages.close();

  await page.getByLabel('Withdrawal code').fill(code ?? '');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Withdrawal successful')).toBeVisible();

  // Staff: the delivery log shows the message's envelope, never its code.
  await asAdmin(browser, async (admin) => {
    await admin.goto('/all-user');
    await admin.getByRole('link', { name: 'Delivery log' }).click();
    await expect(admin.getByRole('heading', { name: 'Delivery log' })).toBeVisible();
    await admin.getByLabel('Search by email').fill(signedInClient.email);
    const row = admin.getByRole('row').filter({ hasText: 'withdrawal confirmation code' });
    await expect(row).toContainText(signedInClient.email.toLowerCase());
    await expect(row).toContainText('Kept (no SMTP)');
    expect(await admin.locator('body').textContent()).not.toContain(code ?? 'no code');
    // Nor through the API.
    const log = await admin.request.get(
      `/api/admin/outbox?search=${encodeURIComponent(signedInClient.email)}`,
    );
    expect(await log.text()).not.toContain(code ?? 'no code');
  });
});
