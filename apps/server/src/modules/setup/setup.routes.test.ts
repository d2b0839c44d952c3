import { STAFF_PASSWORD_MESSAGES } from '@candor/contracts/staff-passwords';
import { eq, ne } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { instanceSecrets } from '../../db/schema/secrets.ts';
import { insertUser, signIn } from '../../test/factories.ts';
import { Browser, useTestApp } from '../../test/test-app.ts';
import { issueSetupToken } from './setup.service.ts';

/** First run in the browser (issue 10, item 7). The tests run in order on one fresh installation. */
const t = useTestApp();

/** The owner's password must be hard to guess (decision 049). */
const OWNER_PASSWORD = 'Copper-Fjord-Meadow-72';

function owner(token: string, n: number) {
  return {
    token,
    fullname: `First Owner ${n}`,
    email: `owner${n}@example.test`,
    username: `owner${n}`,
    password: OWNER_PASSWORD,
  };
}

const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/setup', payload });
const status = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/setup?token=${encodeURIComponent(token)}` })).json();

test('a fresh installation issues a token, stored only as its hash; a wrong token is refused', async () => {
  const token = await issueSetupToken(t.db);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const [stored] = await t.db.select().from(instanceSecrets).where(eq(instanceSecrets.name, 'setup-token'));
  expect(stored?.value).toMatch(/^[0-9a-f]{64}$/);
  expect(stored?.value).not.toContain(token ?? '');
  expect(await status(token ?? '')).toEqual({ valid: true });
  expect(await status('wrong')).toEqual({ valid: false });
  const wrong = await post(owner('wrong-token', 0));
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json()).toEqual({
    code: 'INVALID_TOKEN',
    message: 'This setup link is not valid or has already been used.',
  });
});

test('a new start issues a new link, and the earlier one stops working', async () => {
  const first = (await issueSetupToken(t.db)) ?? '';
  const second = (await issueSetupToken(t.db)) ?? '';
  expect(await status(first)).toEqual({ valid: false });
  expect(await status(second)).toEqual({ valid: true });
});

test('a sign-up refused (a taken username) gives the token back', async () => {
  await insertUser(t.db, { username: 'taken_name' });
  const token = (await issueSetupToken(t.db)) ?? '';
  const bad = await post({ ...owner(token, 9), username: 'taken_name' });
  expect(bad.statusCode).toBe(409);
  expect(bad.json().code).toBe('USERNAME_TAKEN');
  expect(await status(token)).toEqual({ valid: true });
});

test('an owner password easy to guess is refused in plain words, and the link still works', async () => {
  const token = (await issueSetupToken(t.db)) ?? '';
  const weak = await post({ ...owner(token, 8), password: 'password123' });
  expect(weak.statusCode).toBe(400);
  expect(weak.json()).toEqual({ code: 'WEAK_PASSWORD', message: STAFF_PASSWORD_MESSAGES.tooWeak });
  expect(await t.db.select().from(users).where(eq(users.email, 'owner8@example.test'))).toEqual([]);
  expect(await status(token)).toEqual({ valid: true });
});

test('two racing setups with the link create one owner; the account is verified (no link to verify it mailed), audited, and signs in', async () => {
  const token = (await issueSetupToken(t.db)) ?? '';
  const answers = await Promise.all([post(owner(token, 1)), post(owner(token, 2))]);
  const codes = answers.map((a) => a.statusCode).sort();
  expect(codes).toEqual([201, 400]);
  const staff = await t.db.select().from(users).where(ne(users.role, 'client'));
  expect(staff).toHaveLength(1);
  expect(staff[0]).toMatchObject({ role: 'owner', emailVerified: true });
  const winner = staff[0]?.email ?? '';
  const [audit] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subjectUserId, staff[0]?.id ?? ''));
  expect(audit).toMatchObject({ actorId: 'setup', actorRole: 'system', action: 'staff.setup_owner' });
  expect(audit?.after).toMatchObject({ email: winner, role: 'owner' });
  // Verified at once: no "verify your e-mail address" message with a live link (QA finding 7).
  expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, winner))).toEqual([]);

  const browser = new Browser(t.app);
  await signIn(browser, winner, OWNER_PASSWORD);
  expect((await browser.request({ method: 'GET', url: '/api/me' })).json()).toMatchObject({ role: 'owner' });

  // Used: the link answers invalid and creates nobody.
  expect(await status(token)).toEqual({ valid: false });
  expect((await post(owner(token, 3))).statusCode).toBe(400);
});

test('once a staff account exists, no token is issued and a planted one is useless', async () => {
  expect(await issueSetupToken(t.db)).toBeUndefined();
  // Even a token row written behind the server's back creates no second owner.
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha256').update('planted').digest('hex');
  await t.db.insert(instanceSecrets).values({ name: 'setup-token', value: hash });
  expect(await status('planted')).toEqual({ valid: false });
  expect((await post(owner('planted', 4))).statusCode).toBe(400);
  expect(await t.db.select().from(users).where(eq(users.role, 'owner'))).toHaveLength(1);
});
