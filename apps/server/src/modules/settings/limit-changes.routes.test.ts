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
 * The limits of an account whose identity is not verified are guarded as "withdrawals need a
 * verified identity" is (decision 053, section of 2026-12-01): raising one waits for a second staff
 * member with settings.manage, lowering one applies at once; any change needs a reason. With
 * four-eyes off (threshold 0), or nobody else who can decide it, raising applies at once (the latter
 * marked).
 */
const t = useTestApp();
const maker = useSignedInUser(t, { role: 'admin', name: 'Mona Maker' });
const checker = useSignedInUser(t, { role: 'owner', name: 'Carl Checker' });
const accountant = useSignedInUser(t, { role: 'accountant' });

type Staff = { user: TestUser; browser: Browser };

const fields = { siteName: 'Northwind Markets', minWithdrawal: '10', withdrawalPercent: '2' };

/** In force before each test: $1,000 to deposit, $500 to withdraw in 30 days. */
const inForce = { unverifiedDepositLimit: '1000.00', unverifiedWithdrawalLimit: '500.00' };

async function setSettings(values: { threshold?: bigint; deposit?: bigint; withdrawal?: bigint }) {
  await requireSiteSettings(t.db);
  await t.db
    .update(siteSettings)
    .set({
      ...(values.threshold === undefined ? {} : { fourEyesThresholdMinor: values.threshold }),
      ...(values.deposit === undefined ? {} : { unverifiedDepositLimitMinor: values.deposit }),
      ...(values.withdrawal === undefined ? {} : { unverifiedWithdrawalLimitMinor: values.withdrawal }),
    })
    .where(eq(siteSettings.id, 1));
}

async function limitsInForce() {
  const [row] = await t.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return { deposit: row?.unverifiedDepositLimitMinor, withdrawal: row?.unverifiedWithdrawalLimitMinor };
}

/** Four-eyes on at $1,000, the limits above, nothing waiting. */
beforeEach(async () => {
  await t.db.delete(approvals).where(eq(approvals.kind, 'unverified_limits'));
  await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, checker.user.id));
  await setSettings({ threshold: 100_000n, deposit: 100_000n, withdrawal: 50_000n });
});

function put(body: object, as: Staff = maker) {
  return as.browser.request({
    method: 'PUT',
    url: '/api/admin/settings',
    payload: { ...fields, ...inForce, ...body },
  });
}

function decide(as: Staff, id: string, action: 'approve' | 'reject', reason = 'Agreed at the risk meeting') {
  return as.browser.post(`/api/admin/approvals/${id}/${action}`, { reason });
}

async function askToRaise(reason = 'Larger first deposits for the launch'): Promise<string> {
  const res = await put({ unverifiedDepositLimit: '5000.00', limitsReason: reason });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().limitsChange).toBe('awaiting_approval');
  return res.json().pendingLimitsChange.id;
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

describe('raising a limit of unverified accounts waits for a second staff member', () => {
  test('the limit in force stays, the other fields apply, and the request is on record', async () => {
    const since = await lastAuditSeq();
    const res = await put({
      siteName: 'Renamed Markets',
      unverifiedDepositLimit: '5000',
      limitsReason: '  Larger first deposits for the launch ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      siteName: 'Renamed Markets',
      unverifiedDepositLimit: '1000.00',
      unverifiedWithdrawalLimit: '500.00',
      limitsChange: 'awaiting_approval',
      identityChange: 'unchanged',
      thresholdChange: 'unchanged',
      fourEyes: null,
      pendingLimitsChange: {
        kind: 'unverified_limits',
        status: 'awaiting',
        userId: null,
        amount: null,
        limitsChange: {
          before: { deposit: '1000.00', withdrawal: '500.00' },
          after: { deposit: '5000.00', withdrawal: '500.00' },
        },
        maker: { id: maker.user.id, name: 'Mona Maker', role: 'admin' },
        makerReason: 'Larger first deposits for the launch',
      },
    });
    expect(await limitsInForce()).toEqual({ deposit: 100_000n, withdrawal: 50_000n });
    const [request] = await auditRows('approval.request', since);
    expect(request).toMatchObject({
      actorId: maker.user.id,
      reason: 'Larger first deposits for the launch',
      subjectUserId: null,
      after: { kind: 'unverified_limits' },
    });
    const [update] = await auditRows('settings.update', since);
    expect(update).toMatchObject({
      after: { siteName: 'Renamed Markets', unverifiedDepositLimit: '1000.00' },
    });
    const read = await maker.browser.request({ method: 'GET', url: '/api/admin/settings' });
    expect(read.json().pendingLimitsChange).toMatchObject({ kind: 'unverified_limits' });
  });

  test('the maker cannot decide it; staff without settings.manage cannot either (403)', async () => {
    const id = await askToRaise();
    for (const action of ['approve', 'reject'] as const) {
      const res = await decide(maker, id, action);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MAKER_CANNOT_APPROVE');
    }
    const res = await decide(accountant, id, 'approve');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect(await limitsInForce()).toEqual({ deposit: 100_000n, withdrawal: 50_000n });
  });

  test('a second staff member approves: the limit is raised, both names and reasons on the record', async () => {
    const id = await askToRaise();
    const since = await lastAuditSeq();
    const res = await decide(checker, id, 'approve', 'Agreed at the risk meeting');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', checker: { id: checker.user.id } });
    expect(await limitsInForce()).toEqual({ deposit: 500_000n, withdrawal: 50_000n });
    const [update] = await auditRows('settings.update', since);
    expect(update).toMatchObject({
      actorId: maker.user.id,
      approverId: checker.user.id,
      reason: 'Larger first deposits for the launch',
      before: { unverifiedDepositLimit: '1000.00' },
      after: {
        unverifiedDepositLimit: '5000.00',
        approvalId: id,
        approverReason: 'Agreed at the risk meeting',
      },
    });
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  test('a rejection leaves the limit in force', async () => {
    const id = await askToRaise();
    expect((await decide(checker, id, 'reject', 'Not during an audit')).statusCode).toBe(200);
    expect(await limitsInForce()).toEqual({ deposit: 100_000n, withdrawal: 50_000n });
    await askToRaise('Second try, with the ticket');
  });

  test('one raised and one lowered in one save: the lowering applies, the raise waits', async () => {
    const since = await lastAuditSeq();
    const res = await put({
      unverifiedDepositLimit: '200.00',
      unverifiedWithdrawalLimit: '900.00',
      limitsReason: 'Fewer deposits, more withdrawals',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      unverifiedDepositLimit: '200.00',
      unverifiedWithdrawalLimit: '500.00',
      limitsChange: 'awaiting_approval',
      pendingLimitsChange: {
        limitsChange: {
          before: { deposit: '200.00', withdrawal: '500.00' },
          after: { deposit: '200.00', withdrawal: '900.00' },
        },
      },
    });
    const [update] = await auditRows('settings.update', since);
    expect(update).toMatchObject({ reason: 'Fewer deposits, more withdrawals' });
    expect(await limitsInForce()).toEqual({ deposit: 20_000n, withdrawal: 50_000n });
  });

  test('while one waits, another change is refused (409); the limits in force save', async () => {
    await askToRaise();
    const again = await put({ unverifiedWithdrawalLimit: '100.00', limitsReason: 'Lower it' }, checker);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'AWAITING_SECOND_APPROVAL',
      message:
        'A change of the unverified account limits is awaiting a second approval: approve or reject it on the Approvals tab first.',
    });
    const same = await put({ siteName: 'Still saves' }, checker);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ siteName: 'Still saves', limitsChange: 'unchanged' });
  });

  test('two staff members raising it at the same moment: one request waits, the other is refused', async () => {
    const answers = await Promise.all([
      put({ unverifiedDepositLimit: '2000.00', limitsReason: 'One' }),
      put({ unverifiedDepositLimit: '3000.00', limitsReason: 'Two' }, checker),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const waiting = await t.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.kind, 'unverified_limits'), eq(approvals.status, 'awaiting')));
    expect(waiting).toHaveLength(1);
    expect(await limitsInForce()).toEqual({ deposit: 100_000n, withdrawal: 50_000n });
  });

  test('approving it once the limits changed another way is refused (409): it still waits', async () => {
    const id = await askToRaise();
    await setSettings({ deposit: 300_000n });
    const res = await decide(checker, id, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    const [row] = await t.db.select().from(approvals).where(eq(approvals.id, id));
    expect(row?.status).toBe('awaiting');
  });
});

describe('lowering a limit, or raising it where nobody else is asked, applies at once', () => {
  test('lowering applies with its reason', async () => {
    const since = await lastAuditSeq();
    const res = await put({ unverifiedWithdrawalLimit: '0', limitsReason: 'Fraud wave' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ unverifiedWithdrawalLimit: '0.00', limitsChange: 'applied' });
    const [update] = await auditRows('settings.update', since);
    expect(update).toMatchObject({ actorId: maker.user.id, reason: 'Fraud wave' });
  });

  test('with four-eyes off (threshold 0) raising applies, unmarked', async () => {
    await setSettings({ threshold: 0n });
    const res = await put({ unverifiedDepositLimit: '5000.00', limitsReason: 'One-person install' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      unverifiedDepositLimit: '5000.00',
      limitsChange: 'applied',
      fourEyes: null,
    });
  });

  test('with nobody else who can decide it, raising applies, marked no_second_decider', async () => {
    await t.db.update(users).set({ role: 'support' }).where(eq(users.id, checker.user.id));
    const since = await lastAuditSeq();
    const res = await put({ unverifiedWithdrawalLimit: '800.00', limitsReason: 'Alone for now' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      unverifiedWithdrawalLimit: '800.00',
      limitsChange: 'applied',
      fourEyes: 'no_second_decider',
    });
    const [update] = await auditRows('settings.update', since);
    expect(update).toMatchObject({ reason: 'Alone for now', after: { fourEyes: 'no_second_decider' } });
  });
});

describe('a reason is required for any change of a limit', () => {
  test.each([
    ['raising the deposit limit', { unverifiedDepositLimit: '5000.00' }],
    ['lowering the withdrawal limit', { unverifiedWithdrawalLimit: '100.00' }],
  ])('%s without one: 400, nothing saved', async (_name, change) => {
    const res = await put({ siteName: 'Not saved', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Reason is required' });
    expect(await limitsInForce()).toEqual({ deposit: 100_000n, withdrawal: 50_000n });
  });
});
