import { USER_ROLES } from '@candor/contracts/auth';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { sessions } from '../../db/schema/auth.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { findLastMail, signedInBrowser, signUpUser, tokenFromLink } from '../../test/auth-helpers.ts';
import { insertUser, signInAs, verifyIdentity } from '../../test/factories.ts';
import { fund } from '../../test/money.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { WITHDRAWAL_CODE_SUBJECT } from '../withdrawals/withdrawal-codes.ts';
import {
  PAYOUTS,
  requestWithdrawal,
  setCustomerSettings,
  setWithdrawalLimits,
} from '../withdrawals/withdrawal-test-helpers.ts';

/**
 * Codes and links sent to a customer are never readable by staff (PRODUCT.md §2 Withdrawals):
 * after a withdrawal code, a password reset link and two e-mail verification links (the sign-up's
 * and one the owner asked for again) were sent, every staff GET route, as every staff role, with
 * every id of the case filled in, answers without any of them. The customer reads them all in their
 * own Messages.
 */
const t = useTestApp();
const secrets: { name: string; value: string }[] = [];
const ids = new Set<string>();
let customerEmail = '';
let customer: Browser;

beforeAll(async () => {
  await setWithdrawalLimits(t.db, 0n, 0);
  const user = await signUpUser(t.app);
  customerEmail = user.email;
  const verification = await findLastMail(t.db, user.email, 'verify your e-mail');
  if (!verification) throw new Error('no verification mail');
  secrets.push({ name: 'verification token', value: tokenFromLink(verification.textBody, '/verify-email') });

  customer = await signedInBrowser(t.app, user);
  // The owner asks for the verification link again (it expires after an hour).
  const again = await customer.request({ method: 'POST', url: '/api/account/verification-emails' });
  expect(again.statusCode, again.body).toBe(202);
  // A second message with its own link. Its token is a JWT stamped to the second, so one sent within
  // the same second as the first carries the same token: a secret either way, listed once.
  const sent = await t.db
    .select({ id: mailOutbox.id, textBody: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, user.email), like(mailOutbox.subject, '%verify your e-mail%')));
  expect(sent.map((mail) => mail.id)).toHaveLength(2);
  const resent = sent.find((mail) => mail.id !== verification.id);
  if (!resent) throw new Error('no second verification mail');
  const resentToken = tokenFromLink(resent.textBody, '/verify-email');
  if (!secrets.some((secret) => secret.value === resentToken)) {
    secrets.push({ name: 'resent verification token', value: resentToken });
  }
  await fund(t.db, user.id, 100_00n);
  await verifyIdentity(t.db, user.id);
  await setCustomerSettings(t.db, user.id, { requireCode: true });
  const withdrawal = await requestWithdrawal(customer, { amount: '40', ...PAYOUTS.paypal });
  expect(withdrawal.statusCode, withdrawal.body).toBe(200);
  const codeMail = await findLastMail(t.db, user.email, WITHDRAWAL_CODE_SUBJECT);
  const code = codeMail?.textBody.match(/^(\d{6})$/m)?.[1];
  if (!code) throw new Error('no withdrawal code mail');
  secrets.push({ name: 'withdrawal code', value: code });

  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/password-resets',
    payload: { email: user.email },
    remoteAddress: '10.9.0.1',
  });
  expect(reset.statusCode).toBe(202);
  const resetMail = await findLastMail(t.db, user.email, 'reset your password');
  if (!resetMail) throw new Error('no reset mail');
  secrets.push({ name: 'reset token', value: tokenFromLink(resetMail.textBody, '/reset-password/new') });

  // Every id of the case, to fill in each route's parameters.
  ids.add(user.id);
  ids.add(withdrawal.json().id);
  for (const mail of await t.db.select({ id: mailOutbox.id }).from(mailOutbox)) ids.add(mail.id);
  for (const session of await t.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, user.id)))
    ids.add(session.id);
});

/** Every way to fill in a route's parameters with the case's ids (or the route itself). */
function urlsOf(url: string): string[] {
  const params = url.match(/:[A-Za-z]+/g) ?? [];
  let urls = [url];
  for (const param of params) urls = urls.flatMap((u) => [...ids].map((id) => u.replace(param, id)));
  return urls.flatMap((u) => [u, `${u}?search=${encodeURIComponent(customerEmail)}`]);
}

test('the customer reads the code and every link in their own Messages', async () => {
  const list = (await customer.request({ method: 'GET', url: '/api/messages' })).json();
  expect(list.total).toBe(4);
  const texts: string[] = [];
  for (const item of list.items) {
    texts.push((await customer.request({ method: 'GET', url: `/api/messages/${item.id}` })).json().text);
  }
  for (const secret of secrets) expect(texts.join('\n')).toContain(secret.value);
});

// Thousands of requests: slow on a busy machine.
test('no staff GET route shows any staff role a code or a link', { timeout: 180_000 }, async () => {
  const staffGets = t.app.routeAccess.filter(
    (route) => route.method === 'GET' && route.access !== 'public' && !route.url.includes('/stream'),
  );
  expect(staffGets.some((route) => route.url === '/api/admin/outbox')).toBe(true);
  let answered = 0;
  for (const role of USER_ROLES.filter((r) => r !== 'client')) {
    const staff = await signInAs(t.app, t.db, await insertUser(t.db, { role }));
    for (const route of staffGets) {
      for (const url of urlsOf(route.url)) {
        const res = await staff.request({ method: 'GET', url });
        if (res.statusCode === 200) answered++;
        for (const secret of secrets) {
          const name = `${role} GET ${url}: ${secret.name}`;
          expect({ name, leaked: res.body.includes(secret.value) }).toEqual({ name, leaked: false });
        }
      }
    }
  }
  // The walk reached real answers (the delivery log among them), not only refusals.
  expect(answered).toBeGreaterThan(50);
});

test('the delivery log shows the four messages to staff as envelopes', async () => {
  const owner = await signInAs(t.app, t.db, await insertUser(t.db, { role: 'owner' }));
  const res = await owner.request({
    method: 'GET',
    url: `/api/admin/outbox?search=${encodeURIComponent(customerEmail)}`,
  });
  const subjects = res.json().items.map((item: { subject: string; status: string }) => item.subject);
  expect(subjects).toHaveLength(4);
  expect(subjects.join('|')).toMatch(/reset your password/);
  expect(subjects.join('|')).toMatch(/withdrawal confirmation code/);
  expect(subjects.join('|')).toMatch(/verify your e-mail/);
});
