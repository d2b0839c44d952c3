import { randomUUID } from 'node:crypto';
import { paymentDemandMessage } from '@candor/contracts/staff-texts';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { insertUser, signInAs, useSignedInUser } from '../../test/factories.ts';
import { fund } from '../../test/money.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const admin = useSignedInUser(t, { role: 'admin' });
const client = useSignedInUser(t);

function readUser(id: string, as: Browser = admin.browser) {
  return as.request({ method: 'GET', url: `/api/admin/users/${id}` });
}

function adjust(id: string, body: object, options: { key?: string; as?: Browser } = {}) {
  return (options.as ?? admin.browser).request({
    method: 'POST',
    url: `/api/admin/users/${id}/adjustments`,
    payload: body,
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });
}

async function balancesOf(id: string) {
  return (await readUser(id)).json().balances;
}

async function adjustmentAudits(userId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'user.adjustment'), eq(auditLog.targetId, userId)))
    .orderBy(desc(auditLog.createdAt));
}

async function mailOf(userId: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, userId))
    .orderBy(desc(mailOutbox.createdAt));
}

async function entriesOf(userId: string) {
  return t.db.select().from(journalEntries).where(eq(journalEntries.userId, userId));
}

describe('an administrator reads a user', () => {
  test('details, balances from the ledger and the latest entries', async () => {
    const customer = await insertUser(t.db, { name: 'Grace Hopper' });
    await fund(t.db, customer.id, 25_000n);
    const res = await readUser(customer.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: customer.id,
      fullName: 'Grace Hopper',
      username: customer.username,
      email: customer.email,
      status: 'active',
      statusReason: null,
      role: 'client',
      createdAt: expect.any(String),
      balances: {
        available: '250.00',
        reserved: '0.00',
        total: '250.00',
        deposits: '250.00',
        profit: '0.00',
        owed: '0.00',
        withdrawable: '250.00',
      },
      recentEntries: {
        page: 1,
        total: 1,
        items: [{ kind: 'deposit', availableChange: '250.00', availableAfter: '250.00' }],
      },
    });
  });

  test('a user without any ledger entry has zero balances and no entries', async () => {
    const customer = await insertUser(t.db, { status: 'suspended' });
    const res = await readUser(customer.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('suspended');
    expect(res.json().balances).toEqual({
      available: '0.00',
      reserved: '0.00',
      total: '0.00',
      deposits: '0.00',
      profit: '0.00',
      owed: '0.00',
      withdrawable: '0.00',
    });
    expect(res.json().recentEntries).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });

  test('only the 10 latest entries are listed, newest first', async () => {
    const customer = await insertUser(t.db);
    for (let i = 1; i <= 12; i++) {
      expect(
        (await adjust(customer.id, { direction: 'credit', amount: String(i), reason: `Credit ${i}` }))
          .statusCode,
      ).toBe(200);
    }
    const { recentEntries } = (await readUser(customer.id)).json();
    expect(recentEntries.total).toBe(12);
    expect(recentEntries.items).toHaveLength(10);
    expect(recentEntries.items[0].description).toBe('Credit 12');
    expect(recentEntries.items[9].description).toBe('Credit 3');
  });

  test('an unknown user is 404 USER_NOT_FOUND', async () => {
    const res = await readUser('no-such-user');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
  });
});

describe('manual adjustments', () => {
  test('a credit then a debit move the cash balance, each with its reason on the statement', async () => {
    const customer = await insertUser(t.db);
    const credit = await adjust(customer.id, {
      direction: 'credit',
      amount: '100.50',
      reason: 'Goodwill credit',
    });
    expect(credit.statusCode).toBe(200);
    expect(credit.json()).toEqual({
      state: 'completed',
      entryId: expect.any(String),
      approval: null,
      fourEyes: null,
      balances: {
        available: '100.50',
        reserved: '0.00',
        total: '100.50',
        deposits: '0.00',
        profit: '0.00',
        owed: '0.00',
        withdrawable: '100.50',
      },
    });

    const debit = await adjust(customer.id, { direction: 'debit', amount: '40', reason: 'Fee correction' });
    expect(debit.statusCode).toBe(200);
    expect(debit.json().balances.available).toBe('60.50');
    expect(await balancesOf(customer.id)).toMatchObject({
      available: '60.50',
      total: '60.50',
      deposits: '0.00',
    });

    const customerBrowser = await signInAs(t.app, t.db, customer);
    const statement = await customerBrowser.request({ method: 'GET', url: '/api/me/statement?page=1' });
    expect(statement.statusCode).toBe(200);
    expect(
      statement
        .json()
        .items.map((e: Record<string, unknown>) => [
          e.kind,
          e.description,
          e.availableChange,
          e.availableAfter,
        ]),
    ).toEqual([
      ['adjustment', 'Fee correction', '-40.00', '60.50'],
      ['adjustment', 'Goodwill credit', '100.50', '100.50'],
    ]);
    const balances = await customerBrowser.request({ method: 'GET', url: '/api/me/balances' });
    expect(balances.json().available).toBe('60.50');
  });

  test('the ledger records the administrator as the actor', async () => {
    const customer = await insertUser(t.db);
    await adjust(customer.id, { direction: 'credit', amount: '5', reason: 'Welcome bonus' });
    const [entry] = await entriesOf(customer.id);
    expect(entry).toMatchObject({
      kind: 'adjustment',
      actorId: admin.user.id,
      actorRole: 'admin',
      description: 'Welcome bonus',
    });
  });

  test('a reason asking the customer to pay is refused with 422 PAYMENT_DEMAND: no entry, no mail, no audit', async () => {
    const customer = await insertUser(t.db);
    const res = await adjust(customer.id, {
      direction: 'credit',
      amount: '0.01',
      reason: 'Pay the $300 release fee to unlock your withdrawal',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'PAYMENT_DEMAND', message: paymentDemandMessage('a payment') });
    expect(await entriesOf(customer.id)).toHaveLength(0);
    expect(await mailOf(customer.id)).toHaveLength(0);
    expect(await adjustmentAudits(customer.id)).toHaveLength(0);
    const honest = await adjust(customer.id, {
      direction: 'credit',
      amount: '0.01',
      reason: 'Goodwill credit after outage',
    });
    expect(honest.statusCode).toBe(200);
  });

  test('a debit that would take the cash below zero is refused and writes nothing', async () => {
    const customer = await insertUser(t.db);
    await adjust(customer.id, { direction: 'credit', amount: '10.00', reason: 'Opening credit' });
    const entriesBefore = await entriesOf(customer.id);
    const auditsBefore = await adjustmentAudits(customer.id);

    const res = await adjust(customer.id, { direction: 'debit', amount: '10.01', reason: 'Too much' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      message: 'A debit cannot take the balance below zero',
    });
    expect((await balancesOf(customer.id)).available).toBe('10.00');
    expect(await entriesOf(customer.id)).toHaveLength(entriesBefore.length);
    expect(await adjustmentAudits(customer.id)).toHaveLength(auditsBefore.length);
    // Only the opening credit was mailed: a refused debit tells the customer of nothing that did not happen.
    expect((await mailOf(customer.id)).map((mail) => mail.subject)).toEqual([
      'Candor: your balance was credited $10.00',
    ]);
  });

  test('a debit of exactly the cash balance leaves zero', async () => {
    const customer = await insertUser(t.db);
    await fund(t.db, customer.id, 1_234n);
    const res = await adjust(customer.id, { direction: 'debit', amount: '12.34', reason: 'Reversal' });
    expect(res.statusCode).toBe(200);
    expect(await balancesOf(customer.id)).toMatchObject({ available: '0.00', deposits: '12.34' });
  });

  test('twenty simultaneous debits of $1 against $10 succeed exactly ten times', async () => {
    const customer = await insertUser(t.db);
    await adjust(customer.id, { direction: 'credit', amount: '10', reason: 'Opening credit' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        adjust(customer.id, { direction: 'debit', amount: '1', reason: `Debit ${i}` }, { key: randomUUID() }),
      ),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);
    expect((await balancesOf(customer.id)).available).toBe('0.00');
  });

  test('the audit log records the adjustment with its reason and the balances before and after', async () => {
    const customer = await insertUser(t.db);
    await fund(t.db, customer.id, 5_000n);
    const res = await adjust(customer.id, {
      direction: 'credit',
      amount: '25',
      reason: 'Compensation for outage',
    });
    const [row] = await adjustmentAudits(customer.id);
    expect(row).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      action: 'user.adjustment',
      targetType: 'user',
      targetId: customer.id,
      reason: 'Compensation for outage',
      before: { balances: { available: '50.00', total: '50.00' } },
      after: {
        balances: { available: '75.00', total: '75.00' },
        entryId: res.json().entryId,
        direction: 'credit',
        amount: '25.00',
      },
    });
  });

  test('the customer is mailed each adjustment: amount, the reason as written, the time, the Statement; no staff name', async () => {
    const customer = await insertUser(t.db, { name: 'Grace Hopper' });
    await fund(t.db, customer.id, 49_840n);
    const key = randomUUID();
    const res = await adjust(
      customer.id,
      { direction: 'debit', amount: '498.40', reason: 'Fee <b>"late"</b> & co' },
      { key },
    );
    expect(res.statusCode, res.body).toBe(200);
    // A retry with the same key moves nothing and mails nothing again.
    expect(
      (
        await adjust(
          customer.id,
          { direction: 'debit', amount: '498.40', reason: 'Fee <b>"late"</b> & co' },
          { key },
        )
      ).statusCode,
    ).toBe(200);
    const [entry] = await entriesOf(customer.id).then((rows) =>
      rows.filter((row) => row.kind === 'adjustment'),
    );
    const mails = await mailOf(customer.id);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      toAddress: customer.email,
      subject: 'Candor: your balance was debited $498.40',
      deliveryStatus: 'kept',
    });
    const at = `${entry?.createdAt.toISOString().slice(0, 10)} ${entry?.createdAt.toISOString().slice(11, 16)} UTC`;
    expect(mail?.textBody).toContain('Hello Grace Hopper,');
    expect(mail?.textBody).toContain(
      `Your Candor cash balance was debited $498.40 by a manual adjustment on ${at}.`,
    );
    expect(mail?.textBody).toContain('Reason: Fee <b>"late"</b> & co');
    expect(mail?.textBody).toContain('It is on your Statement');
    expect(mail?.textBody).toContain('If you do not recognise it, contact the site at once.');
    expect(mail?.htmlBody).toContain('Reason: Fee &#60;b&#62;&#34;late&#34;&#60;/b&#62; &#38; co');
    expect(mail?.htmlBody).not.toContain('<b>');
    expect(`${mail?.textBody}${mail?.htmlBody}`).not.toContain(admin.user.name);

    // The customer reads it in their Messages; a credit says "credited".
    const customerBrowser = await signInAs(t.app, t.db, customer);
    const inbox = await customerBrowser.request({ method: 'GET', url: '/api/messages' });
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(JSON.stringify(inbox.json())).toContain('Candor: your balance was debited $498.40');
    await adjust(customer.id, { direction: 'credit', amount: '234.5', reason: 'Refund' });
    expect((await mailOf(customer.id))[0]?.subject).toBe('Candor: your balance was credited $234.50');
  });

  test.each([
    ['no reason', { direction: 'credit', amount: '5' }, 'Reason is required'],
    ['a reason of spaces', { direction: 'credit', amount: '5', reason: '   ' }, 'Reason is required'],
    ['a reason over 500 characters', { direction: 'credit', amount: '5', reason: 'x'.repeat(501) }, '500'],
    ['no amount', { direction: 'credit', amount: '', reason: 'Why' }, 'Amount is required'],
    ['a zero amount', { direction: 'credit', amount: '0', reason: 'Why' }, 'greater than zero'],
    ['three decimals', { direction: 'debit', amount: '1.005', reason: 'Why' }, 'at most 2 decimals'],
    ['a negative amount', { direction: 'credit', amount: '-5', reason: 'Why' }, 'greater than zero'],
    ['an unknown direction', { direction: 'bonus', amount: '5', reason: 'Why' }, ''],
  ])('%s is refused with 400 and moves nothing', async (_name, body, message) => {
    const customer = await insertUser(t.db);
    const res = await adjust(customer.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toContain(message);
    expect(await entriesOf(customer.id)).toHaveLength(0);
  });

  test('an unknown user is 404 and nothing is written', async () => {
    const res = await adjust('no-such-user', { direction: 'credit', amount: '5', reason: 'Why' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
    expect(await adjustmentAudits('no-such-user')).toHaveLength(0);
  });

  test('a closed account cannot be adjusted', async () => {
    const customer = await insertUser(t.db, { status: 'closed' });
    const res = await adjust(customer.id, { direction: 'credit', amount: '5', reason: 'Why' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_CLOSED');
  });
});

describe('idempotency', () => {
  test('a replay with the same key gets the first answer and moves the money once', async () => {
    const customer = await insertUser(t.db);
    const key = randomUUID();
    const body = { direction: 'credit', amount: '30', reason: 'Goodwill' };
    const first = await adjust(customer.id, body, { key });
    const again = await adjust(customer.id, body, { key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await balancesOf(customer.id)).available).toBe('30.00');
    expect(await entriesOf(customer.id)).toHaveLength(1);
    expect(await adjustmentAudits(customer.id)).toHaveLength(1);
  });

  test('ten simultaneous submissions with one key move the money once', async () => {
    const customer = await insertUser(t.db);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        adjust(customer.id, { direction: 'credit', amount: '7', reason: 'Once' }, { key }),
      ),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((res) => res.json().entryId)).size).toBe(1);
    expect((await balancesOf(customer.id)).available).toBe('7.00');
  });

  test('the same key with another amount is refused', async () => {
    const customer = await insertUser(t.db);
    const key = randomUUID();
    await adjust(customer.id, { direction: 'credit', amount: '30', reason: 'Goodwill' }, { key });
    const res = await adjust(customer.id, { direction: 'credit', amount: '31', reason: 'Goodwill' }, { key });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await balancesOf(customer.id)).available).toBe('30.00');
  });

  test('a refused debit leaves its key free, so a retry after a credit succeeds', async () => {
    const customer = await insertUser(t.db);
    const key = randomUUID();
    const body = { direction: 'debit', amount: '5', reason: 'Correction' };
    expect((await adjust(customer.id, body, { key })).statusCode).toBe(422);
    await adjust(customer.id, { direction: 'credit', amount: '5', reason: 'Credit' });
    expect((await adjust(customer.id, body, { key })).statusCode).toBe(200);
    expect((await balancesOf(customer.id)).available).toBe('0.00');
  });
});

describe('only administrators', () => {
  test('a client gets 403 and moves nothing', async () => {
    const customer = await insertUser(t.db);
    expect((await readUser(customer.id, client.browser)).statusCode).toBe(403);
    const res = await adjust(
      customer.id,
      { direction: 'credit', amount: '5', reason: 'Me' },
      { as: client.browser },
    );
    expect(res.statusCode).toBe(403);
    expect(await entriesOf(customer.id)).toHaveLength(0);
  });

  test('an anonymous visitor gets 401', async () => {
    const customer = await insertUser(t.db);
    const get = await t.app.inject({ method: 'GET', url: `/api/admin/users/${customer.id}` });
    expect(get.statusCode).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${customer.id}/adjustments`,
      payload: { direction: 'credit', amount: '5', reason: 'Anyone' },
    });
    expect(post.statusCode).toBe(401);
    expect(await entriesOf(customer.id)).toHaveLength(0);
  });
});
