import { asAdmin, creditCustomer, enableWithdrawalSetting } from './fixtures/admin.ts';
import { expectOk } from './fixtures/api.ts';
import { readE2eEnv } from './fixtures/env.ts';
import { expectWhole, lineCount, PHONE } from './fixtures/layout.ts';
import { readLatestMail } from './fixtures/outbox.ts';
import { makePng } from './fixtures/png.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';
import { E2E_WALLETS } from './global-setup.ts';

test('a deposit approved, a crypto withdrawal approved: balances and statement follow the ledger', async ({
  page,
  browser,
  signedInClient,
}) => {
  // The customer deposits $250 by bitcoin with a proof of payment.
  await page.goto('/deposit');
  await page.getByLabel('Amount (USD)').fill('250');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('PAY $250.00')).toBeVisible();
  await page.getByLabel('Bitcoin(BTC)').check();
  await expect(page.getByText('Simulated prices').first()).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Awaiting Payment')).toBeVisible();
  await expect(page.getByText(E2E_WALLETS.bitcoin)).toBeVisible();
  await page.getByLabel('Proof of payment').setInputFiles({
    name: 'proof.png',
    mimeType: 'image/png',
    buffer: makePng(80, 40, [20, 160, 90]),
  });
  await page.getByRole('button', { name: 'Paid' }).click();
  await expect(toast(page, 'Deposit Successful')).toBeVisible();
  await expect(page).toHaveURL('/deposit-history');
  await expect(page.getByText('FUND $250.00')).toBeVisible();

  // An administrator approves it from the Deposit tab, with a reason (nothing is sent without one).
  await asAdmin(browser, async (admin) => {
    await admin.goto('/all-user?tab=deposits');
    await admin.getByLabel('Search by email').fill(signedInClient.email);
    await admin.getByRole('button', { name: `Approve the deposit of ${signedInClient.email}` }).click();
    const approveDeposit = admin.getByRole('dialog', { name: 'Approve deposit' });
    await approveDeposit.getByRole('button', { name: 'Approve' }).click();
    await expect(approveDeposit.getByRole('alert')).toHaveText('Reason is required');
    await approveDeposit.getByLabel('Reason').fill('Proof matches the bitcoin transfer');
    await approveDeposit.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(admin, 'Deposit successful')).toBeVisible();
    await expect(approveDeposit).toBeHidden();

    // The dashboard shows the money.
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'TOTAL BALANCE' })).toContainText('$250.00');
    await expect(page.getByRole('region', { name: 'DEPOSIT BALANCE' })).toContainText('$250.00');

    // The customer withdraws $100 to a bitcoin address; the fee is shown before submitting.
    await page.goto('/select-withdrawal');
    await page.getByRole('button', { name: /^Crypto/ }).click();
    await page.getByLabel('Coin').selectOption('bitcoin');
    await page.getByLabel('Wallet address').fill('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    await page.getByLabel('Amount (USD)').fill('100');
    await expect(page.getByText('Fee: 2.5% = $2.50, you receive $97.50')).toBeVisible();
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await expect(toast(page, 'Withdrawal successful')).toBeVisible();

    // The administrator approves it from the Withdrawals tab, with a reason.
    await admin.goto('/all-user?tab=withdrawals');
    await admin.getByLabel('Search by email').fill(signedInClient.email);
    await admin.getByRole('button', { name: `Approve the withdrawal of ${signedInClient.email}` }).click();
    const approveWithdrawal = admin.getByRole('dialog', { name: 'Approve withdrawal' });
    await approveWithdrawal.getByLabel('Reason').fill('Address checked with the customer');
    await approveWithdrawal.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByRole('row').filter({ hasText: signedInClient.email })).toContainText('Approved');

    // The audit log keeps both reasons.
    await admin.goto('/all-user?tab=audit');
    await admin.getByLabel('Customer').fill(signedInClient.email);
    await admin.getByRole('button', { name: 'Apply' }).click();
    await expect(admin.getByText('Reason: Proof matches the bitcoin transfer')).toBeVisible();
    await expect(admin.getByText('Reason: Address checked with the customer')).toBeVisible();
  });

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'TOTAL BALANCE' })).toContainText('$150.00');

  // The statement shows every entry, newest first, with the balance after each.
  await page.goto('/statement');
  const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Withdrawal fee');
  await expect(rows.nth(1)).toContainText('$2.50');
  await expect(rows.nth(2)).toContainText('Withdrawal');
  await expect(rows.nth(2)).toContainText('$97.50');
  await expect(rows.nth(3)).toContainText('Withdrawal reserved');
  await expect(rows.nth(3)).toContainText('$100.00');
  await expect(rows.nth(4)).toContainText('Deposit');
  await expect(rows.nth(4)).toContainText('$250.00');
  await expect(rows).toHaveCount(5);

  // Each decision was told to the customer in their Messages, without the staff's reasons.
  await page.goto('/messages');
  // Each subject names its amount, so two decisions of one kind are told apart in the list.
  await expect(page.getByRole('link', { name: /deposit of \$250\.00 approved \(unread\)$/ })).toBeVisible();
  await page.getByRole('link', { name: /withdrawal of \$100\.00 approved \(unread\)$/ }).click();
  await expect(page.getByText(/was approved: you receive \$97\.50 after the fee of \$2\.50\./)).toBeVisible();
  await expect(page.getByText('Address checked with the customer')).toHaveCount(0);
});

test('a withdrawal hold: the request is recorded on hold and the customer reads why', async ({
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
      'Source of funds check in progress',
    );
    await expect(toast(admin, 'Withdrawal settings updated successfully')).toBeVisible();
  });

  await page.goto('/select-withdrawal');
  await page.getByRole('button', { name: /^Paypal/ }).click();
  await page.getByLabel('PayPal e-mail').fill('me@paypal.example');
  await page.getByLabel('Amount (USD)').fill('120');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Source of funds check in progress').first()).toBeVisible();

  await page.goto('/withdrawals');
  await expect(page.getByText('On hold').first()).toBeVisible();
  await expect(page.getByText('Source of funds check in progress').first()).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'TOTAL BALANCE' })).toContainText('$500.00');
});

test('an e-mailed confirmation code: a wrong code is refused, the right one records the request', async ({
  page,
  browser,
  signedInClient,
}) => {
  await asAdmin(browser, async (admin) => {
    await creditCustomer(admin, signedInClient.id, '300');
    await enableWithdrawalSetting(admin, signedInClient.id, 'Require e-mail confirmation code');
    await expect(toast(admin, 'Withdrawal settings updated successfully')).toBeVisible();
  });

  await page.goto('/select-withdrawal');
  await page.getByRole('button', { name: /^Bank/ }).click();
  await page.getByLabel('Account number').fill('12345678');
  await page.getByLabel('Bank name').fill('First Example Bank');
  await page.getByLabel('Account name').fill(signedInClient.fullname);
  await page.getByLabel('Amount (USD)').fill('50');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your withdrawal' })).toBeVisible();
  // The e2e server has no SMTP: the code is only in the client's Messages, and the step says so.
  await expect(
    page.getByText(
      /^E-mail is not set up on this site, so your 6-digit code is in your Messages, not your inbox\./,
    ),
  ).toBeVisible();

  const mail = await readLatestMail(signedInClient, /withdrawal confirmation code/);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code).toBeDefined();
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Withdrawal code').fill(wrong);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Invalid withdrawal code. Please try again.')).toBeVisible();
  await page.getByLabel('Withdrawal code').fill(code ?? '');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Withdrawal successful')).toBeVisible();

  await page.goto('/withdrawals');
  await expect(page.getByText('Pending').first()).toBeVisible();
});

test('on a phone: a refused proof is shown beside its field, and the lists show e-mail, status and buttons whole', async ({
  page,
  browser,
  signedInClient,
}) => {
  await page.setViewportSize(PHONE);
  // Step 3 of a deposit: a text file named .png passes the browser's check; the server refuses it
  // (415), and the refusal stands beside the field, which then takes a real image.
  await page.goto('/deposit');
  await page.getByLabel('Amount (USD)').fill('80');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Bitcoin(BTC)').check();
  await page.getByRole('button', { name: 'Next' }).click();
  const proof = page.getByLabel('Proof of payment');
  await proof.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture'),
  });
  await page.getByRole('button', { name: 'Paid' }).click();
  const refusal = 'Please choose a PNG, JPEG or WebP image or a PDF document.';
  await expect(proof).toHaveAccessibleDescription(new RegExp(refusal.replaceAll('.', '\\.')));
  await expect(page.getByRole('form', { name: 'Payment' }).getByText(refusal)).toBeVisible();
  await proof.setInputFiles({
    name: 'proof.png',
    mimeType: 'image/png',
    buffer: makePng(80, 40, [20, 160, 90]),
  });
  await expect(page.getByText(refusal)).toBeHidden();
  await page.getByRole('button', { name: 'Paid' }).click();
  await expect(toast(page, 'Deposit Successful')).toBeVisible();

  // A withdrawal waiting for its e-mailed code, and one pending.
  await asAdmin(browser, async (admin) => {
    await creditCustomer(admin, signedInClient.id, '300');
  });
  const paypal = { method: 'paypal', details: { email: 'a-long-paypal-address@paypal.example' } };
  const withdraw = (amount: string) =>
    page.request.post('/api/withdrawals', {
      data: { amount, ...paypal },
      headers: { origin: readE2eEnv().baseURL },
    });
  await expectOk(await withdraw('40'), 'withdraw $40');
  await asAdmin(browser, async (admin) => {
    await enableWithdrawalSetting(admin, signedInClient.id, 'Require e-mail confirmation code');
    await expect(toast(admin, 'Withdrawal settings updated successfully')).toBeVisible();
  });
  await expectOk(await withdraw('25'), 'withdraw $25');

  // The customer's list: the status badge keeps to one line and the details keep their width.
  await page.goto('/withdrawals');
  const awaiting = page.getByRole('listitem').filter({ hasText: 'Awaiting confirmation' });
  const badge = awaiting.getByText('Awaiting confirmation', { exact: true });
  await expectWhole(badge, awaiting);
  expect(await lineCount(badge)).toBe(1);
  await expectWhole(awaiting.getByText('Paypal · a-long-paypal-address@paypal.example'), awaiting);
  await expectWhole(awaiting.getByRole('button', { name: 'Cancel the withdrawal of $25.00' }), awaiting);

  // The back office on a phone: each tab's row shows the e-mail, the status and both buttons whole.
  await asAdmin(browser, async (admin) => {
    await admin.setViewportSize(PHONE);
    for (const [tab, noun, summary] of [
      ['deposits', 'deposit', 'Pending · Bitcoin(BTC)'],
      ['withdrawals', 'withdrawal', 'Pending · Paypal'],
    ] as const) {
      await admin.goto(`/all-user?tab=${tab}`);
      await admin.getByLabel('Search by email').fill(signedInClient.email);
      const table = admin.getByRole('table');
      // The card around the table: a table wider than it would scroll, hiding its right side.
      const card = table.locator('xpath=..');
      const row = table.getByRole('row').filter({ hasText: summary });
      await expect(row).toHaveCount(1);
      await expectWhole(row.getByRole('link', { name: signedInClient.email }), card);
      await expectWhole(row.getByText(summary), card);
      for (const action of ['Approve', 'Reject']) {
        await expectWhole(
          row.getByRole('button', { name: `${action} the ${noun} of ${signedInClient.email}` }),
          card,
        );
      }
      // On a wide screen every column of the row fits the card, the date last.
      await admin.setViewportSize({ width: 1440, height: 900 });
      await expectWhole(row.locator('td').last(), card);
      await admin.setViewportSize(PHONE);
    }
  });
});
