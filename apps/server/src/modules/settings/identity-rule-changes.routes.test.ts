import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { type TestUser, useSignedInUser } from '../../test/factories.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { verifyAuditChain } from '../audit/verify-audit-chain.ts';
import { requireSiteSettings } from './settings.repository.ts';

/**
 * "Withdrawals need a verified identity" is guarded as the four-eyes threshold is (decision 053,
 * section of 2026-11-30): turning it off waits for a second staff member with settings.manage,
 * turning it on applies at once; both need a reason. With four-eyes off (threshold 0), or nobody
 * else who can decide it, turning it off applies at once (the latter marked).
 */
const t = useTestApp();
const maker = useSignedInUser(t, { role: 'admin', name: 'Mona Maker' });
const checker = useSignedInUser(t, { role: 'owner', name: 'Carl Checker' });
const accountant = useSignedInUser(t, { role: 'accountant' });

type Staff = { user: TestUser; browser: Browser };

const fields = { siteName: 'Northwind Markets', minWithdrawal: '10', withdrawalPercent: '2' };

async function setSettings(values: { threshold?: bigint; required?: boolean }): Promise<void> {
  await requireSiteSettings(t.db);
  await t.db
    .update(siteSettings)
    .set({
      ...(values.threshold === undefined ? {} : { fourEyesThresholdMinor: values.threshold }),
      ...(values.required === undefined ? {} : { withdrawalsNeedVerifiedIdentity: values.required }),
    })
    .where(eq(siteSettings.id, 1));
}

async function requiredInForce(): Promise<boolean | undefined> {
  const [row] = await t.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.withdrawalsNeedVerifiedIdentity;
}

/** Four-eyes on at $1,000, withdrawals needing a verified identity, nothing waiting. */
beforeEach(async () => {
  await t.db.delete(approvals).where(eq(approvals.kind, 'identity_for_withdrawals'));
  await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, checker.user.id));
  await setSettings({ threshold: 100_000n, required: true });
});

function put(body: object, as: Staff = maker) {
  return as.browser.request({ method: 'PUT', url: '/api/admin/settings', payload: { ...fields, ...body } });
}

function decide(as: Staff, id: string, action: 'approve' | 'reject', reason = 'Agreed at the risk meeting') {
  return as.browser.post(`/api/admin/approvals/${id}/${action}`, { reason });
}

async function askToTurnOff(reason = 'Launch in a market without ID checks'): Promise<string> {
  const res = await put({ withdrawalsNeedVerifiedIdentity: false, identityReason: reason });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().identityChange).toBe('awaiting_approval');
  return res.json().pendingIdentityChange.id;
}

async function lastAuditSeq(): Promise<number> {
  const [last] = await t.db.select({ seq: auditLog.seq }).from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
  return last?.seq ?? 0;
}

function auditRows(action: string, afterSeq: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), gt(auditLog.seq, afterSeq)))
    .orderBy(asc(auditLog.seq));
}

describe('turning "withdrawals need a verified identity" off waits for a second staff member', () => {
  test('it stays on, the other fields apply, and the request is on record', async () => {
    const since = await lastAuditSeq();
    const res = await put({
      siteName: 'Renamed Markets',
      withdrawalsNeedVerifiedIdentity: false,
      identityReason: '  Launch in a market without ID checks ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      siteName: 'Renamed Markets',
      withdrawalsNeedVerifiedIdentity: true,
      identityChange: 'awaiting_approval',
      thresholdChange: 'unchanged',
      fourEyes: null,
      pendingIdentityChange: {
        kind: 'identity_for_withdrawals',
        status: 'awaiting',
        userId: null,
        amount: null,
        identityRuleChange: { before: true, after: false },
        maker: { id: maker.user.id, name: 'Mona Maker', role: 'admin' },
        makerReason: 'Launch in a market without ID checks',
      },
    });
    expect(await requiredInForce()).toBe(true);
    const [request] = await auditRows('approval.request', since);
    expect(request).toMatchObject({
      actorId: maker.user.id,
      reason: 'Launch in a market without ID checks',
      subjectUserId: null,
      after: { kind: 'identity_for_withdrawals', before: true, after: false },
    });
    const [update] = await auditRows('settings.update', since);
    expect(update).toMatchObject({
      after: { siteName: 'Renamed Markets', withdrawalsNeedVerifiedIdentity: true },
    });
    const read = await maker.browser.request({ method: 'GET', url: '/api/admin/settings' });
    expect(read.json().pendingIdentityChange).toMatchObject({ kind: 'identity_for_withdrawals' });
  });

  test('the maker cannot decide it; staff without settings.manage cannot either (403)', async () => {
    const id = await askToTurnOff();
    for (const action of ['approve', 'reject'] as const) {
      const res = await decide(maker, id, action);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MAKER_CANNOT_APPROVE');
    }
    const res = await decide(accountant, id, 'approve');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('withdrawal identity requirement change'),
    });
    expect(await requiredInForce()).toBe(true);
  });

  test('a second staff member approves: it is off, both names and reasons on the record', async () => {
    const id = await askToTurnOff();
    const since = await lastAuditSeq();
    const res = await decide(checker, id, 'approve', 'Agreed at the risk meeting');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', checker: { id: checker.user.id } });
    expect(await requiredInForce()).toBe(false);
    const [update] = await auditRows('settings.update', since);
    expect(update).toMatchObject({
      actorId: maker.user.id,
      approverId: checker.user.id,
      reason: 'Launch in a market without ID checks',
      before: { withdrawalsNeedVerifiedIdentity: true },
      after: {
        withdrawalsNeedVerifiedIdentity: false,
        approvalId: id,
        approverReason: 'Agreed at the risk meeting',
      },
    });
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  test('a rejection leaves it on', async () => {
    const id = await askToTurnOff();
    expect((await decide(checker, id, 'reject', 'Not during an audit')).statusCode).toBe(200);
    expect(await requiredInForce()).toBe(true);
    await askToTurnOff('Second try, with the ticket');
  });

  test('while one waits, another change is refused (409); the value in force saves', async () => {
    await askToTurnOff();
    const again = await put({ withdrawalsNeedVerifiedIdentity: false, identityReason: 'Again' }, checker);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'AWAITING_SECOND_APPROVAL',
      message:
        'Turning off "Withdrawals need a verified identity" is awaiting a second approval: approve or reject it on the Approvals tab first.',
    });
    const same = await put({ siteName: 'Still saves', withdrawalsNeedVerifiedIdentity: true }, checker);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ siteName: 'Still saves', identityChange: 'unchanged' });
  });

  test('two staff members turning it off at the same moment: one request waits, the other is refused', async () => {
    const answers = await Promise.all([
      put({ withdrawalsNeedVerifiedIdentity: false, identityReason: 'One' }),
      put({ withdrawalsNeedVerifiedIdentity: false, identityReason: 'Two' }, checker),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const waiting = await t.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.kind, 'identity_for_withdrawals'), eq(approvals.status, 'awaiting')));
    expect(waiting).toHaveLength(1);
    expect(await requiredInForce()).toBe(true);
  });

  test('approving it once it was turned off another way is refused (409): it still waits', async () => {
    const id = await askToTurnOff();
    await setSettings({ required: false });
    const res = await decide(checker, id, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    const [row] = await t.db.select().from(approvals).where(eq(approvals.id, id));
    expect(row?.status).toBe('awaiting');
  });
});

describe('turning it on, or off where nobody else is asked, applies at once', () => {
  test('turning it on applies with its reason', async () => {
    await setSettings({ required: false });
    const since = await lastAuditSeq();
    const res = await put({ withdrawalsNeedVerifiedIdentity: true, identityReason: 'Regulator asked' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ withdrawalsNeedVerifiedIdentity: true, identityChange: 'applied' });
    const [update] = await auditRows('settings.update', since);
    expect(update).toMatchObject({ actorId: maker.user.id, reason: 'Regulator asked' });
  });

  test('with four-eyes off (threshold 0) turning it off applies, unmarked', async () => {
    await setSettings({ threshold: 0n });
    const res = await put({ withdrawalsNeedVerifiedIdentity: false, identityReason: 'One-person install' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      withdrawalsNeedVerifiedIdentity: false,
      identityChange: 'applied',
      fourEyes: null,
    });
  });

  test('with nobody else who can decide it, turning it off applies, marked no_second_decider', async () => {
    // The owner becomes support: the accountant lacks settings.manage, so nobody else decides it.
    await t.db.update(users).set({ role: 'support' }).where(eq(users.id, checker.user.id));
    const since = await lastAuditSeq();
    const res = await put({ withdrawalsNeedVerifiedIdentity: false, identityReason: 'Alone for now' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ identityChange: 'applied', fourEyes: 'no_second_decider' });
    const [update] = await auditRows('settings.update', since);
    expect(update).toMatchObject({ reason: 'Alone for now', after: { fourEyes: 'no_second_decider' } });
  });
});

describe('a reason is required for any change of it', () => {
  test.each([
    ['turning it off', true, false],
    ['turning it on', false, true],
  ])('%s without one: 400, nothing saved', async (_name, from, to) => {
    await setSettings({ required: from });
    const res = await put({ siteName: 'Not saved', withdrawalsNeedVerifiedIdentity: to });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Reason is required' });
    expect(await requiredInForce()).toBe(from);
  });
});
