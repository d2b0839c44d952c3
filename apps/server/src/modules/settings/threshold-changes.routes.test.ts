import { and, asc, desc, eq, gt, gte } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { type TestUser, useSignedInUser } from '../../test/factories.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { verifyAuditChain } from '../audit/verify-audit-chain.ts';
import { requireSiteSettings } from './settings.repository.ts';

/**
 * Four-eyes guards its own threshold (docs/decisions/053): a change that loosens it (raised, or 0
 * while on) waits for a second staff member with settings.manage; one that tightens it applies at
 * once; both need a reason. The other settings fields save as before.
 */
const t = useTestApp();
const maker = useSignedInUser(t, { role: 'admin', name: 'Mona Maker' });
const checker = useSignedInUser(t, { role: 'owner', name: 'Carl Checker' });
const accountant = useSignedInUser(t, { role: 'accountant' });
const customer = useSignedInUser(t);

type Staff = { user: TestUser; browser: Browser };

const fields = { siteName: 'Northwind Markets', minWithdrawal: '10', withdrawalPercent: '2' };

async function setThreshold(cents: bigint): Promise<void> {
  await requireSiteSettings(t.db);
  await t.db.update(siteSettings).set({ fourEyesThresholdMinor: cents }).where(eq(siteSettings.id, 1));
}

async function thresholdInForce(): Promise<bigint | undefined> {
  const [row] = await t.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.fourEyesThresholdMinor;
}

/** Four-eyes on at $1,000, nothing waiting. */
beforeEach(async () => {
  started = new Date();
  await t.db.delete(approvals).where(eq(approvals.kind, 'four_eyes_threshold'));
  await setThreshold(100_000n);
});

function put(body: object, as: Staff = maker) {
  return as.browser.request({ method: 'PUT', url: '/api/admin/settings', payload: { ...fields, ...body } });
}

function read(as: Staff = maker) {
  return as.browser.request({ method: 'GET', url: '/api/admin/settings' });
}

function decide(as: Staff, id: string, action: 'approve' | 'reject', reason = 'Agreed at the risk meeting') {
  return as.browser.post(`/api/admin/approvals/${id}/${action}`, { reason });
}

async function askToLoosen(to = '0', reason = 'Month-end batch of refunds'): Promise<string> {
  const res = await put({ fourEyesThreshold: to, fourEyesReason: reason });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().thresholdChange).toBe('awaiting_approval');
  return res.json().pendingThresholdChange.id;
}

/**
 * This test's rows of an action, oldest first (the file's tests share one database): those since a
 * time, or after a row of the chain (`afterSeq`, from `lastAuditSeq`). A time taken just after a
 * request answered can fall in the same millisecond as that request's row, which the database
 * keeps to the microsecond: the chain's order is exact.
 */
function auditRows(action: string, since: Date | { afterSeq: number }) {
  return t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        since instanceof Date ? gte(auditLog.createdAt, since) : gt(auditLog.seq, since.afterSeq),
      ),
    )
    .orderBy(asc(auditLog.seq));
}

/** The chain's last row, to read only the rows appended after it. */
async function lastAuditSeq(): Promise<{ afterSeq: number }> {
  const [last] = await t.db.select({ seq: auditLog.seq }).from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
  return { afterSeq: last?.seq ?? 0 };
}

let started = new Date();

describe('a change that loosens the threshold waits for a second staff member', () => {
  test.each([
    ['turning it off (0)', '0', '0.00'],
    ['raising it', '5000', '5000.00'],
  ])(
    '%s: the threshold in force stays, the other fields apply, the request is on record',
    async (_name, to, after) => {
      // A name of its own per case: a save that changes no other field records no settings.update.
      const siteName = `Renamed Markets ${to}`;
      const res = await put({
        siteName,
        fourEyesThreshold: to,
        fourEyesReason: '  Month-end batch of refunds ',
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        siteName,
        fourEyesThreshold: '1000.00',
        thresholdChange: 'awaiting_approval',
        pendingThresholdChange: {
          kind: 'four_eyes_threshold',
          status: 'awaiting',
          userId: null,
          amount: null,
          thresholdChange: { before: '1000.00', after },
          maker: { id: maker.user.id, name: 'Mona Maker', role: 'admin' },
          makerReason: 'Month-end batch of refunds',
          checker: null,
        },
      });
      expect(await thresholdInForce()).toBe(100_000n);
      const {
        thresholdChange: _state,
        identityChange: _identity,
        limitsChange: _limits,
        fourEyes: _alone,
        ...settings
      } = body;
      expect((await read(checker)).json()).toEqual(settings);
      const [request] = await auditRows('approval.request', started);
      expect(request).toMatchObject({
        actorId: maker.user.id,
        reason: 'Month-end batch of refunds',
        subjectUserId: null,
        after: { kind: 'four_eyes_threshold', before: '1000.00', after },
      });
      const [update] = await auditRows('settings.update', started);
      expect(update).toMatchObject({
        reason: null,
        before: { fourEyesThreshold: '1000.00' },
        after: { siteName, fourEyesThreshold: '1000.00' },
      });
    },
  );

  test('with the other fields unchanged, the request alone is on record: no settings.update row', async () => {
    expect((await put({})).statusCode).toBe(200);
    const since = await lastAuditSeq();
    await askToLoosen('5000');
    expect(await auditRows('approval.request', since)).toHaveLength(1);
    expect(await auditRows('settings.update', since)).toEqual([]);
  });

  test('the maker cannot switch it off and act alone: a $5,000 credit still waits', async () => {
    await askToLoosen('0');
    const credit = await maker.browser.post(`/api/admin/users/${customer.user.id}/adjustments`, {
      direction: 'credit',
      amount: '5000.00',
      reason: 'Goodwill credit after outage',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().state).toBe('awaiting_approval');
  });

  test('the maker can neither approve nor reject it (403 MAKER_CANNOT_APPROVE)', async () => {
    const id = await askToLoosen();
    for (const action of ['approve', 'reject'] as const) {
      const res = await decide(maker, id, action);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MAKER_CANNOT_APPROVE');
    }
    expect(await thresholdInForce()).toBe(100_000n);
  });

  test('staff without settings.manage list it but cannot decide it (403)', async () => {
    const id = await askToLoosen();
    const list = await accountant.browser.request({ method: 'GET', url: '/api/admin/approvals' });
    expect(list.json().items.map((item: { id: string }) => item.id)).toContain(id);
    const res = await decide(accountant, id, 'approve');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('second approval threshold change'),
    });
    expect(await thresholdInForce()).toBe(100_000n);
  });

  test('a second staff member approves: in force, both names and reasons on the record', async () => {
    const id = await askToLoosen('5000');
    const res = await decide(checker, id, 'approve', 'Agreed at the risk meeting');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      kind: 'four_eyes_threshold',
      status: 'approved',
      checker: { id: checker.user.id, name: 'Carl Checker', role: 'owner' },
    });
    expect(await thresholdInForce()).toBe(500_000n);
    expect((await read()).json()).toMatchObject({
      fourEyesThreshold: '5000.00',
      pendingThresholdChange: null,
    });
    const updates = await auditRows('settings.update', started);
    expect(updates.at(-1)).toMatchObject({
      actorId: maker.user.id,
      approverId: checker.user.id,
      approverRole: 'owner',
      reason: 'Month-end batch of refunds',
      before: { fourEyesThreshold: '1000.00' },
      after: { fourEyesThreshold: '5000.00', approvalId: id, approverReason: 'Agreed at the risk meeting' },
    });
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  test('a rejection changes nothing; the next change can then be asked', async () => {
    const id = await askToLoosen();
    const res = await decide(checker, id, 'reject', 'Not during an audit');
    expect(res.statusCode, res.body).toBe(200);
    expect(await thresholdInForce()).toBe(100_000n);
    expect((await read()).json().pendingThresholdChange).toBeNull();
    await askToLoosen('2000', 'Second try, with the ticket');
  });

  test('while one waits, any other change of the threshold is refused (409); the same value saves', async () => {
    await askToLoosen();
    for (const to of ['3000', '500']) {
      const res = await put({ fourEyesThreshold: to, fourEyesReason: 'Another one' }, checker);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'AWAITING_SECOND_APPROVAL',
        message:
          'A change of the second approval threshold is awaiting a second approval: approve or reject it on the Approvals tab first.',
      });
    }
    const same = await put({ siteName: 'Still saves', fourEyesThreshold: '1000.00' }, checker);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ siteName: 'Still saves', thresholdChange: 'unchanged' });
  });

  test('two loosenings asked at the same moment: one waits, the other is refused', async () => {
    const answers = await Promise.all([
      put({ fourEyesThreshold: '0', fourEyesReason: 'One' }),
      put({ fourEyesThreshold: '9000', fourEyesReason: 'Two' }, checker),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const waiting = await t.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.kind, 'four_eyes_threshold'), eq(approvals.status, 'awaiting')));
    expect(waiting).toHaveLength(1);
  });

  test('approving a change asked against a threshold no longer in force is refused (409): it still waits', async () => {
    const id = await askToLoosen('5000');
    await setThreshold(200_000n);
    const res = await decide(checker, id, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'The second approval threshold changed since this request was made: reject it, and ask for the change again.',
    });
    expect(await thresholdInForce()).toBe(200_000n);
    const [row] = await t.db.select().from(approvals).where(eq(approvals.id, id));
    expect(row?.status).toBe('awaiting');
  });
});

describe('a change that tightens the threshold applies at once, with its reason', () => {
  test('lowering it', async () => {
    const res = await put({ fourEyesThreshold: '250', fourEyesReason: 'Auditor asked for a lower limit' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      fourEyesThreshold: '250.00',
      thresholdChange: 'applied',
      pendingThresholdChange: null,
    });
    expect(await thresholdInForce()).toBe(25_000n);
    const [update] = await auditRows('settings.update', started);
    expect(update).toMatchObject({
      actorId: maker.user.id,
      approverId: null,
      reason: 'Auditor asked for a lower limit',
      before: { fourEyesThreshold: '1000.00' },
      after: { fourEyesThreshold: '250.00' },
    });
    expect(await auditRows('approval.request', started)).toHaveLength(0);
  });

  test('turning it on from 0: a one-person install can switch four-eyes on alone', async () => {
    await setThreshold(0n);
    const res = await put({ fourEyesThreshold: '1000000', fourEyesReason: 'A second admin joined' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fourEyesThreshold: '1000000.00', thresholdChange: 'applied' });
    expect(await thresholdInForce()).toBe(100_000_000n);
  });
});

describe('a reason is required for any change of the threshold', () => {
  test.each([
    ['a loosening', '5000'],
    ['a tightening', '500'],
  ])(
    '%s without a reason is refused (400): nothing changes, not even the other fields',
    async (_name, to) => {
      for (const reason of [undefined, '   ']) {
        const res = await put({ siteName: 'Not saved', fourEyesThreshold: to, fourEyesReason: reason });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Reason is required' });
      }
      expect(await thresholdInForce()).toBe(100_000n);
      expect((await read()).json().siteName).not.toBe('Not saved');
      expect(
        await t.db.select().from(approvals).where(eq(approvals.kind, 'four_eyes_threshold')),
      ).toHaveLength(0);
    },
  );

  test('the same threshold, or none, needs no reason', async () => {
    expect((await put({ fourEyesThreshold: '1000' })).json().thresholdChange).toBe('unchanged');
    expect((await put({})).json().thresholdChange).toBe('unchanged');
  });
});
