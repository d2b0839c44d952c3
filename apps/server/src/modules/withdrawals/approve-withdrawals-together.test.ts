import { randomUUID } from 'node:crypto';
import { STAFF_ACCOUNT_MONEY_MESSAGE } from '@candor/contracts/staff';
import { type AdminWithdrawal, AdminWithdrawalSchema } from '@candor/contracts/withdrawals';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeEach, describe, expect, test } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { withdrawals } from '../../db/schema/withdrawals.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { Actor } from '../../lib/actor.ts';
import type { ItemOutcome } from '../../lib/group-commit.ts';
import {
  claimOf,
  describeOutcome,
  oneAfterTheOther,
  staffActor,
  togetherDeps,
} from '../../test/group-commit.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { useTestApp } from '../../test/test-app.ts';
import { verifyAuditChain } from '../audit/verify-audit-chain.ts';
import { selectBalanceFigures } from '../ledger/ledger.repository.ts';
import {
  approveWithdrawal,
  releaseWithdrawalHold,
  requireAdminWithdrawal,
} from './admin-withdrawals.service.ts';
import {
  approveWithdrawalsTogether,
  createWithdrawalApprovalGroup,
  type WithdrawalApprovalRequest,
} from './approve-withdrawals-together.ts';
import {
  PAYOUTS,
  requestWithdrawal,
  setCustomerSettings,
  setWithdrawalLimits,
} from './withdrawal-test-helpers.ts';

const t = useTestApp();
const deps = () => togetherDeps(t);
/** Above $500 a withdrawal approval needs a second staff member (four-eyes). */
const FOUR_EYES_CENTS = 50_000n;

beforeEach(async () => {
  await setWithdrawalLimits(t.db, 0n, 250);
  await t.db
    .update(siteSettings)
    .set({ fourEyesThresholdMinor: FOUR_EYES_CENTS })
    .where(eq(siteSettings.id, 1));
});

const staff = () => staffActor(t);

/**
 * A customer with $2,000 who asked for withdrawals of these amounts (dollars); `held`: on hold;
 * `staff`: made staff since, its requests from before staff were refused money (decision 062).
 */
async function customerWithdrawing(amounts: readonly string[], held = false, staff = false) {
  const customer = await insertFundedCustomer(t, 200_000n);
  if (held) await setCustomerSettings(t.db, customer.user.id, { holdEnabled: true, holdReason: 'Checking' });
  const ids: string[] = [];
  for (const amount of amounts) {
    const res = await requestWithdrawal(customer.browser, { amount, ...PAYOUTS.bank });
    if (res.statusCode !== 200) throw new Error(`the withdrawal was refused: ${res.body}`);
    ids.push(res.json().id);
  }
  if (staff) await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, customer.user.id));
  return { userId: customer.user.id, ids };
}

function approval(
  actor: Actor,
  id: string,
  key?: string,
  reason = 'Payout details checked',
): WithdrawalApprovalRequest {
  return {
    actor,
    id,
    reason,
    claim: key
      ? claimOf(actor, key, 'POST /api/admin/withdrawals/:id/approve', { params: { id }, body: { reason } })
      : undefined,
  };
}

/** What an approval's outcome says, without the ids and times that differ between two runs. */
function described(outcome: ItemOutcome<AdminWithdrawal> | undefined) {
  return describeOutcome(outcome, ({ status, amount, fee, net, decidedBy, awaitingApproval, entries }) => ({
    status,
    amount,
    fee,
    net,
    decidedBy: decidedBy !== null,
    awaiting: awaitingApproval !== null,
    entries: entries.map((entry) => entry.kind),
  }));
}

async function balancesOf(userId: string) {
  const { available, reserved } = await selectBalanceFigures(t.db, userId);
  return { available, reserved };
}

/** The amounts of the customer's notices of an approved withdrawal, sorted. */
async function approvalNoticesOf(userId: string) {
  const rows = await t.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), like(mailOutbox.subject, '%: withdrawal of % approved')));
  return rows.map((row) => /withdrawal of (\S+) by/.exec(row.text)?.[1]).sort();
}

/** The reason of each withdrawal's `action` audit rows, by withdrawal id. */
async function auditedReasons(action: string, ids: readonly string[]) {
  const rows = await t.db
    .select({ targetId: auditLog.targetId, reason: auditLog.reason })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), inArray(auditLog.targetId, [...ids])));
  return Object.fromEntries(rows.map((row) => [row.targetId, row.reason]));
}

describe('withdrawal approvals decided together (group commit)', () => {
  test("each approval of a batch is audited with its own reason; a four-eyes one's is the maker's", async () => {
    const [first, second] = [await staff(), await staff()];
    const { ids } = await customerWithdrawing(['100', '40', '600']);
    const [w1, w2, large] = ids;
    if (!w1 || !w2 || !large) throw new Error('three withdrawals');
    const outcomes = await approveWithdrawalsTogether(deps(), [
      approval(first, w1, undefined, 'Bank account matches the ID'),
      approval(second, w2, 'k-reason', 'Regular customer, small amount'),
      approval(first, large, undefined, 'Large payout: customer called to confirm'),
    ]);
    expect(outcomes.map(described)).toEqual([
      expect.objectContaining({ status: 'approved' }),
      expect.objectContaining({ status: 'approved' }),
      expect.objectContaining({ status: 'pending', awaiting: true }),
    ]);
    expect(await auditedReasons('withdrawal.approve', ids)).toEqual({
      [w1]: 'Bank account matches the ID',
      [w2]: 'Regular customer, small amount',
    });
    const [request] = await t.db
      .select({ makerReason: approvals.makerReason })
      .from(approvals)
      .where(eq(approvals.withdrawalId, large));
    expect(request?.makerReason).toBe('Large payout: customer called to confirm');
  });

  test('a retry with the same key and reason answers the first approval; the same key with another reason is refused', async () => {
    const d = deps();
    const admin = await staff();
    const { userId, ids } = await customerWithdrawing(['10', '20']);
    const [w1, w2] = ids;
    if (!w1 || !w2) throw new Error('two withdrawals');
    const first = await approveWithdrawalsTogether(d, [
      approval(admin, w1, 'k-1', 'Checked'),
      approval(admin, w2, 'k-2', 'Checked too'),
    ]);
    const retried = await approveWithdrawalsTogether(d, [
      approval(admin, w1, 'k-1', 'Checked'),
      approval(admin, w2, 'k-2', 'Another reason'),
    ]);
    expect(retried[0]).toEqual(first[0]);
    expect(described(retried[1])).toMatchObject({ refused: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await balancesOf(userId)).toEqual({ available: 197_000n, reserved: 0n });
    expect(await auditedReasons('withdrawal.approve', ids)).toEqual({ [w1]: 'Checked', [w2]: 'Checked too' });
    // A retry tells the customer nothing more.
    expect(await approvalNoticesOf(userId)).toEqual(['$10.00', '$20.00']);
  });

  test('each approval gets its own outcome; four-eyes ones ask for the second approval, as alone', async () => {
    const [first, second] = [await staff(), await staff()];
    if (!first || !second) throw new Error('two administrators');
    const a = await customerWithdrawing(['100', '40', '600']);
    const held = await customerWithdrawing(['30'], true);
    const ofStaff = await customerWithdrawing(['50', '700'], false, true);
    const [small, other, large] = a.ids;
    const [onHold] = held.ids;
    const [staffSmall, staffLarge] = ofStaff.ids;
    if (!small || !other || !large || !onHold || !staffSmall || !staffLarge)
      throw new Error('six withdrawals');
    const outcomes = await approveWithdrawalsTogether(deps(), [
      approval(first, small),
      approval(second, large),
      approval(second, small),
      approval(first, onHold),
      approval(first, large),
      approval(first, randomUUID()),
      approval(second, other),
      approval(first, staffSmall),
      approval(second, staffLarge),
    ]);
    expect(outcomes.map(described)).toEqual([
      expect.objectContaining({
        status: 'approved',
        amount: '100.00',
        entries: ['reservation', 'withdrawal', 'withdrawal_fee'],
      }),
      expect.objectContaining({ status: 'pending', amount: '600.00', awaiting: true }),
      { refused: 'ALREADY_DECIDED', message: 'This withdrawal was already approved.' },
      { refused: 'INVALID_TRANSITION', message: expect.stringContaining('on hold') },
      { refused: 'AWAITING_SECOND_APPROVAL', message: expect.any(String) },
      { refused: 'NOT_FOUND', message: expect.any(String) },
      expect.objectContaining({ status: 'approved', amount: '40.00' }),
      { refused: 'FORBIDDEN', message: STAFF_ACCOUNT_MONEY_MESSAGE },
      { refused: 'FORBIDDEN', message: STAFF_ACCOUNT_MONEY_MESSAGE },
    ]);
    expect(await balancesOf(ofStaff.userId)).toEqual({ available: 125_000n, reserved: 75_000n });
    const [one, , , , , , seven] = outcomes;
    if (!one?.ok || !seven?.ok) throw new Error('approved');
    expect(one.value.decidedBy?.id).toBe(first.id);
    expect(seven.value.decidedBy?.id).toBe(second.id);
    // $2,000 − $740 asked; $140 paid out, $600 still reserved (four-eyes); the held $30 reserved.
    expect(await balancesOf(a.userId)).toEqual({ available: 126_000n, reserved: 60_000n });
    // Told of each payout once; of the one waiting for a second approval, not yet.
    expect(await approvalNoticesOf(a.userId)).toEqual(['$100.00', '$40.00']);
    expect(await approvalNoticesOf(ofStaff.userId)).toEqual([]);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  test('a retry answers the first approval; refused and four-eyes requests release their keys', async () => {
    const d = deps();
    const admin = await staff();
    const { ids } = await customerWithdrawing(['10', '20', '700']);
    const [w1, w2, large] = ids;
    if (!w1 || !w2 || !large) throw new Error('three withdrawals');
    const first = await d.transactions.runIdempotent(
      approval(admin, w1, 'w-1').claim,
      AdminWithdrawalSchema,
      ({ tx, now, outbox }) =>
        approveWithdrawal({ tx, actor: admin, now, outbox, id: w1, reason: 'Payout details checked' }),
    );
    const outcomes = await approveWithdrawalsTogether(d, [
      approval(admin, w1, 'w-1'),
      approval(admin, randomUUID(), 'w-2'),
      approval(admin, large, 'w-3'),
    ]);
    expect(outcomes[0]).toEqual({ ok: true, value: first });
    expect(described(outcomes[1])).toMatchObject({ refused: 'NOT_FOUND' });
    expect(described(outcomes[2])).toMatchObject({ status: 'pending', awaiting: true });
    // The four-eyes request ran on its own and stored its answer under its key: sent again, the same.
    const again = await approveWithdrawalsTogether(d, [
      approval(admin, large, 'w-3'),
      approval(admin, w2, 'w-2'),
    ]);
    expect(again[0]).toEqual(outcomes[2]);
    expect(described(again[1])).toMatchObject({ status: 'approved', amount: '20.00' });
  });

  test('the same approval sent many times at once to the group pays out once; every attempt gets its answer', async () => {
    const group = createWithdrawalApprovalGroup({ ...deps(), log: t.app.log });
    const admin = await staff();
    const { userId, ids } = await customerWithdrawing(['50', '25']);
    const [w1, w2] = ids;
    if (!w1 || !w2) throw new Error('two withdrawals');
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => group.submit(approval(admin, w1, 'w-4'))),
      group.submit(approval(admin, w2)),
    ]);
    for (const answer of answers.slice(1, 4)) expect(answer).toEqual(answers[0]);
    expect(await balancesOf(userId)).toEqual({ available: 192_500n, reserved: 0n });
    expect(group.stats()).toMatchObject({ items: 5, failedBatches: 0 });
  });

  test("a batch's answers are what a read after the commit finds, with the server's clock a minute off the database's", async () => {
    const admin = await staff();
    const { ids } = await customerWithdrawing(['100', '35']);
    // A third, held and released by another staff member: the answer names them as a read does.
    const releaser = await staff();
    const held = await customerWithdrawing(['50'], true);
    const releasedId = held.ids[0] ?? '';
    // The approval's time is the server's; the payout entries are dated by the database.
    const late = togetherDeps(t, () => new Date(Date.now() - 60_000));
    await late.transactions.run(({ tx, now, outbox }) =>
      releaseWithdrawalHold({ tx, actor: releaser, now, outbox, id: releasedId, reason: undefined }),
    );
    const outcomes = await approveWithdrawalsTogether(
      late,
      [...ids, releasedId].map((id, index) => approval(admin, id, `late-${index}`)),
    );
    const released = outcomes.at(-1);
    expect(released?.ok && released.value.holdReleased?.by).toEqual({
      id: releaser.id,
      name: expect.any(String),
    });
    for (const outcome of outcomes) {
      if (!outcome.ok) throw outcome.error;
      expect(outcome.value.entries.map((entry) => entry.kind)).toEqual([
        'reservation',
        'withdrawal',
        'withdrawal_fee',
      ]);
      expect(outcome.value).toEqual(await requireAdminWithdrawal(t.db, outcome.value.id));
    }
  });

  test('a payout the ledger refuses (a broken invariant) fails the whole batch: no approval, audit row or key is kept', async () => {
    const admin = await staff();
    const { userId, ids } = await customerWithdrawing(['100', '35']);
    const reserved = sql`user_id = ${userId} and kind = 'customer_reserved'`;
    const [before] = await selectRows<{ balance: string }>(
      t.db,
      sql`select balance_minor::text as balance from ledger_accounts where ${reserved}`,
    );
    // The reserved money gone from under the requests: the posting, sent without waiting for its
    // answer, writes nothing, and the statement behind it must fail the transaction.
    await t.db.execute(sql`update ledger_accounts set balance_minor = 0 where ${reserved}`);
    try {
      await expect(
        approveWithdrawalsTogether(
          deps(),
          ids.map((id, index) => approval(admin, id, `broken-${index}`)),
        ),
      ).rejects.toThrow();
      const rows = await t.db
        .select({ status: withdrawals.status })
        .from(withdrawals)
        .where(inArray(withdrawals.id, ids));
      expect(rows.map((row) => row.status)).toEqual(['pending', 'pending']);
      expect(await auditedReasons('withdrawal.approve', ids)).toEqual({});
      const keys = await t.db
        .select({ key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(inArray(idempotencyKeys.key, ['broken-0', 'broken-1']));
      expect(keys).toEqual([]);
    } finally {
      await t.db.execute(
        sql`update ledger_accounts set balance_minor = ${before?.balance ?? '0'}::bigint where ${reserved}`,
      );
    }
  });

  test('decided together or one after the other, every approval gets the same outcome and balances', async () => {
    const admins = [await staff(), await staff()];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            by: fc.integer({ min: 0, max: 1 }),
            // 0, 1: small withdrawals (0 often twice); 2: above four-eyes; 3: on hold; 4: none;
            // 5, 6: a small one and one above four-eyes of an account made staff since (decision 062).
            target: fc.constantFrom(0, 0, 1, 2, 2, 3, 4, 5, 6),
          }),
          { minLength: 2, maxLength: 7 },
        ),
        async (requests) => {
          const setUp = async () => {
            const open = await customerWithdrawing(['100', '35', '650']);
            const held = await customerWithdrawing(['20'], true);
            const ofStaff = await customerWithdrawing(['45', '700'], false, true);
            return {
              users: [open.userId, held.userId, ofStaff.userId],
              ids: [...open.ids, ...held.ids, randomUUID(), ...ofStaff.ids],
            };
          };
          const together = await setUp();
          const alone = await setUp();
          const build = ({ ids }: { ids: string[] }) =>
            requests.map(({ by, target }) => approval(admins[by] as Actor, ids[target] ?? ''));
          const d = deps();
          const batched = await approveWithdrawalsTogether(d, build(together));
          const oneByOne = await oneAfterTheOther(build(alone), (request) =>
            d.transactions.runIdempotent(undefined, AdminWithdrawalSchema, (context) =>
              approveWithdrawal({ ...context, actor: request.actor, id: request.id, reason: request.reason }),
            ),
          );
          expect(batched.map(described)).toEqual(oneByOne.map(described));
          // A batch answers before its payouts' posting has answered: each approval's answer (stored
          // with its key, replayed to retries) is what a read after the commit finds, ids and times too.
          for (const outcome of batched) {
            if (!outcome.ok || outcome.value.status !== 'approved') continue;
            expect(outcome.value).toEqual(await requireAdminWithdrawal(t.db, outcome.value.id));
          }
          for (const [index, userId] of together.users.entries()) {
            expect(await balancesOf(userId)).toEqual(await balancesOf(alone.users[index] ?? ''));
            expect(await approvalNoticesOf(userId)).toEqual(
              await approvalNoticesOf(alone.users[index] ?? ''),
            );
          }
        },
      ),
      { numRuns: 10 },
    );
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });
});
