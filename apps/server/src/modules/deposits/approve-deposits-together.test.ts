import { randomUUID } from 'node:crypto';
import { type AdminDeposit, AdminDepositSchema } from '@candor/contracts/deposits';
import { STAFF_ACCOUNT_MONEY_MESSAGE } from '@candor/contracts/staff';
import { depositEntry } from '@candor/domain/ledger/entries';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { deposits as depositsTable } from '../../db/schema/deposits.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import type { Actor } from '../../lib/actor.ts';
import type { ItemOutcome } from '../../lib/group-commit.ts';
import { insertPendingDeposit } from '../../test/deposits.ts';
import { insertUser } from '../../test/factories.ts';
import {
  claimOf,
  describeOutcome,
  oneAfterTheOther,
  staffActor,
  togetherDeps,
} from '../../test/group-commit.ts';
import { useTestApp } from '../../test/test-app.ts';
import { verifyAuditChain } from '../audit/verify-audit-chain.ts';
import { postEntries, reserveEntryIds, selectBalanceFigures } from '../ledger/ledger.repository.ts';
import { approveDeposit } from './admin-deposits.service.ts';
import {
  approveDepositsTogether,
  createDepositApprovalGroup,
  type DepositApprovalRequest,
} from './approve-deposits-together.ts';
import { approveDeposits } from './deposits.repository.ts';

const t = useTestApp();
const deps = () => togetherDeps(t);

const staff = () => staffActor(t);

/** A customer with pending deposits of these amounts (cents); a `rejected` one is decided already. */
async function customerWithDeposits(amounts: readonly bigint[], rejected = false) {
  const user = await insertUser(t.db, { identityStatus: 'verified' });
  const deposits = [];
  for (const amountMinor of amounts)
    deposits.push(await insertPendingDeposit(t.db, user.id, { amountMinor }));
  if (rejected) {
    deposits.push(
      await insertPendingDeposit(t.db, user.id, {
        amountMinor: 999n,
        status: 'rejected',
        decidedBy: 'someone',
        decidedAt: new Date(),
        decisionReason: 'No payment arrived',
      }),
    );
  }
  return { user, deposits };
}

function approval(
  actor: Actor,
  id: string,
  key?: string,
  reason = 'Payment received',
): DepositApprovalRequest {
  return {
    actor,
    id,
    reason,
    claim: key
      ? claimOf(actor, key, 'POST /api/admin/deposits/:id/approve', { params: { id }, body: { reason } })
      : undefined,
  };
}

/** What an approval's outcome says, without the ids that differ between two runs. */
function described(outcome: ItemOutcome<AdminDeposit> | undefined) {
  return describeOutcome(outcome, ({ status, amount, decidedBy, coin }) => ({
    status,
    amount,
    coin,
    decidedBy: decidedBy?.name,
  }));
}

async function figuresOf(userId: string) {
  const [[row], notices] = await Promise.all([
    t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, 'deposit.approve'))),
    t.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, userId), like(mailOutbox.subject, '%: deposit of % approved'))),
  ]);
  return {
    ...(await selectBalanceFigures(t.db, userId)),
    audits: row?.n ?? 0,
    // The amounts of the customer's notices of approval, sorted.
    notices: notices.map((notice) => /deposit of (\S+) in/.exec(notice.text)?.[1]).sort(),
  };
}

/** The reason of each deposit's approval audit row, by deposit id. */
async function auditedReasons(ids: readonly string[]) {
  const rows = await t.db
    .select({ targetId: auditLog.targetId, reason: auditLog.reason })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'deposit.approve'), inArray(auditLog.targetId, [...ids])));
  return Object.fromEntries(rows.map((row) => [row.targetId, row.reason]));
}

describe('deposit approvals decided together (group commit)', () => {
  test('each approval of a batch is audited with its own reason', async () => {
    const [first, second] = [await staff(), await staff()];
    const { deposits } = await customerWithDeposits([1_000n, 2_000n, 3_000n]);
    const [d1, d2, d3] = deposits;
    if (!d1 || !d2 || !d3) throw new Error('three deposits');
    const outcomes = await approveDepositsTogether(deps(), [
      approval(first, d1.id, undefined, 'Seen on chain, 3 confirmations'),
      approval(second, d2.id, 'k-reason', 'Matches the bank statement'),
      approval(first, d3.id, undefined, 'Proof checked against the wallet'),
    ]);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(await auditedReasons([d1.id, d2.id, d3.id])).toEqual({
      [d1.id]: 'Seen on chain, 3 confirmations',
      [d2.id]: 'Matches the bank statement',
      [d3.id]: 'Proof checked against the wallet',
    });
  });

  test('a retry with the same key and reason answers the first approval; the same key with another reason is refused', async () => {
    const d = deps();
    const admin = await staff();
    const { user, deposits } = await customerWithDeposits([2_500n, 3_000n]);
    const [d1, d2] = deposits;
    if (!d1 || !d2) throw new Error('two deposits');
    const first = await approveDepositsTogether(d, [
      approval(admin, d1.id, 'k-1', 'Seen on chain'),
      approval(admin, d2.id, 'k-2', 'Bank statement'),
    ]);
    const retried = await approveDepositsTogether(d, [
      approval(admin, d1.id, 'k-1', 'Seen on chain'),
      approval(admin, d2.id, 'k-2', 'Another reason'),
    ]);
    expect(retried[0]).toEqual(first[0]);
    expect(described(retried[1])).toMatchObject({ refused: 'IDEMPOTENCY_KEY_REUSED' });
    // A retry tells the customer nothing more.
    expect(await figuresOf(user.id)).toMatchObject({
      available: 5_500n,
      audits: 2,
      notices: ['$25.00', '$30.00'],
    });
    expect(await auditedReasons([d1.id, d2.id])).toEqual({
      [d1.id]: 'Seen on chain',
      [d2.id]: 'Bank statement',
    });
  });

  test('each approval gets its own outcome, its own credit and its own audit row; the chain holds', async () => {
    const [first, second] = [await staff(), await staff()];
    if (!first || !second) throw new Error('two administrators');
    const a = await customerWithDeposits([2_500n, 10_000n], true);
    const b = await customerWithDeposits([4_000n]);
    const [a1, a2, aRejected] = a.deposits;
    const [b1] = b.deposits;
    if (!a1 || !a2 || !aRejected || !b1) throw new Error('four deposits');
    // A staff account's deposit, recorded before staff were refused money (decision 062).
    const ofStaff = await insertPendingDeposit(t.db, second.id);
    const outcomes = await approveDepositsTogether(deps(), [
      approval(first, a1.id),
      approval(second, b1.id),
      approval(second, a1.id),
      approval(first, aRejected.id),
      approval(first, randomUUID()),
      approval(first, 'not-a-deposit'),
      approval(second, a2.id),
      approval(first, ofStaff.id),
      approval(second, ofStaff.id),
    ]);
    expect(outcomes.map(described)).toEqual([
      expect.objectContaining({ status: 'approved', amount: '25.00' }),
      expect.objectContaining({ status: 'approved', amount: '40.00' }),
      { refused: 'ALREADY_DECIDED', message: expect.any(String) },
      { refused: 'ALREADY_DECIDED', message: expect.any(String) },
      { refused: 'NOT_FOUND', message: expect.any(String) },
      { refused: 'NOT_FOUND', message: expect.any(String) },
      expect.objectContaining({ status: 'approved', amount: '100.00' }),
      { refused: 'FORBIDDEN', message: STAFF_ACCOUNT_MONEY_MESSAGE },
      { refused: 'FORBIDDEN', message: STAFF_ACCOUNT_MONEY_MESSAGE },
    ]);
    expect(await figuresOf(second.id)).toMatchObject({ available: 0n, audits: 0, notices: [] });
    const [one, two] = outcomes;
    if (!one?.ok || !two?.ok) throw new Error('approved');
    expect(one.value.decidedBy?.id).toBe(first.id);
    expect(two.value.decidedBy?.id).toBe(second.id);
    // Each customer is told of each approval once, and of nothing refused.
    expect(await figuresOf(a.user.id)).toMatchObject({
      available: 12_500n,
      audits: 2,
      notices: ['$100.00', '$25.00'],
    });
    expect(await figuresOf(b.user.id)).toMatchObject({ available: 4_000n, audits: 1, notices: ['$40.00'] });
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  test('a retry answers the first approval; a refused request releases its key', async () => {
    const d = deps();
    const admin = await staff();
    const { user, deposits } = await customerWithDeposits([2_500n, 3_000n]);
    const [d1, d2] = deposits;
    if (!d1 || !d2) throw new Error('two deposits');
    const first = await d.transactions.runIdempotent(
      approval(admin, d1.id, 'a-1').claim,
      AdminDepositSchema,
      ({ tx, now, outbox }) =>
        approveDeposit({ tx, actor: admin, now, outbox, id: d1.id, reason: 'Payment received' }),
    );
    const unknown = randomUUID();
    const outcomes = await approveDepositsTogether(d, [
      approval(admin, d1.id, 'a-1'),
      approval(admin, unknown, 'a-2'),
      approval(admin, d2.id, 'a-1'),
    ]);
    expect(outcomes[0]).toEqual({ ok: true, value: first });
    expect(described(outcomes[1])).toMatchObject({ refused: 'NOT_FOUND' });
    expect(described(outcomes[2])).toMatchObject({ refused: 'IDEMPOTENCY_KEY_REUSED' });
    // 'a-2' was released: used again for another request, it is a new request.
    const again = await approveDepositsTogether(d, [approval(admin, d2.id, 'a-2'), approval(admin, d1.id)]);
    expect(described(again[0])).toMatchObject({ status: 'approved', amount: '30.00' });
    expect(described(again[1])).toMatchObject({ refused: 'ALREADY_DECIDED' });
    expect(await figuresOf(user.id)).toMatchObject({ available: 5_500n, audits: 2 });
  });

  test('the same approval sent many times at once to the group credits once; every attempt gets its answer', async () => {
    const group = createDepositApprovalGroup({ ...deps(), log: t.app.log });
    const admin = await staff();
    const { user, deposits } = await customerWithDeposits([7_700n, 100n]);
    const [d1, d2] = deposits;
    if (!d1 || !d2) throw new Error('two deposits');
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => group.submit(approval(admin, d1.id, 'a-3'))),
      group.submit(approval(admin, d2.id)),
    ]);
    for (const answer of answers.slice(1, 4)) expect(answer).toEqual(answers[0]);
    expect(await figuresOf(user.id)).toMatchObject({ available: 7_800n, audits: 2 });
    expect(group.stats()).toMatchObject({ items: 5, failedBatches: 0 });
  });

  test('two batches over the same deposits at once (on PostgreSQL, each in a transaction of its own): each deposit is credited once', async () => {
    const [first, second] = [await staff(), await staff()];
    const customers = [
      await customerWithDeposits([1_000n, 2_000n]),
      await customerWithDeposits([4_000n, 8_000n]),
    ];
    const ids = customers.flatMap((customer) => customer.deposits.map((deposit) => deposit.id));
    // The two batches name the same four deposits, in opposite orders.
    const [one, two] = await Promise.all([
      approveDepositsTogether(
        deps(),
        ids.map((id) => approval(first, id)),
      ),
      approveDepositsTogether(
        deps(),
        [...ids].reverse().map((id) => approval(second, id)),
      ),
    ]);
    const outcomes = [...(one ?? []), ...(two ?? [])];
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(4);
    expect(outcomes.filter((outcome) => !outcome.ok).map(described)).toEqual(
      Array.from({ length: 4 }, () => ({ refused: 'ALREADY_DECIDED', message: expect.any(String) })),
    );
    expect(await figuresOf(customers[0]?.user.id ?? '')).toMatchObject({ available: 3_000n, audits: 2 });
    expect(await figuresOf(customers[1]?.user.id ?? '')).toMatchObject({ available: 12_000n, audits: 2 });
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  test('decided together or one after the other, every approval gets the same outcome and balances', async () => {
    const admins = [await staff(), await staff()];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            by: fc.integer({ min: 0, max: 1 }),
            // Customer 0's two pending deposits (often the same twice), customer 1's, a decided one, none,
            // and one of administrator 0's own account (decision 062: a staff account's is never approved).
            target: fc.constantFrom(0, 0, 1, 2, 3, 4, 5),
          }),
          { minLength: 2, maxLength: 8 },
        ),
        async (requests) => {
          const setUp = async () => {
            const first = await customerWithDeposits([1_000n, 2_000n], true);
            const second = await customerWithDeposits([3_000n]);
            const ids = [
              ...first.deposits.map((deposit) => deposit.id),
              second.deposits[0]?.id ?? '',
              randomUUID(),
              (await insertPendingDeposit(t.db, admins[0]?.id ?? '')).id,
            ];
            // ids: 0, 1 pending (customer 0), 2 rejected, 3 pending (customer 1), 4 unknown, 5 staff's.
            return { users: [first.user.id, second.user.id], ids };
          };
          const together = await setUp();
          const alone = await setUp();
          const build = ({ ids }: { ids: string[] }) =>
            requests.map(({ by, target }) => approval(admins[by] as Actor, ids[target] ?? ''));
          const d = deps();
          const batched = await approveDepositsTogether(d, build(together));
          const oneByOne = await oneAfterTheOther(build(alone), (request) =>
            d.transactions.runIdempotent(undefined, AdminDepositSchema, (context) =>
              approveDeposit({ ...context, actor: request.actor, id: request.id, reason: request.reason }),
            ),
          );
          expect(batched.map(described)).toEqual(oneByOne.map(described));
          for (const [index, userId] of together.users.entries()) {
            expect(await figuresOf(userId)).toEqual(await figuresOf(alone.users[index] ?? ''));
          }
        },
      ),
      { numRuns: 12 },
    );
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });
});

describe('the statements a deposit approval batch sends with its COMMIT check in the database', () => {
  const approvalOf = (id: string, entryId: bigint) => ({
    id,
    decidedBy: 'staff-1',
    decidedAt: new Date(),
    entryId,
  });

  test('marking a deposit that is no longer pending fails, and the transaction with it', async () => {
    const { deposits } = await customerWithDeposits([500n], true);
    const [pending, decided] = deposits;
    if (!pending || !decided) throw new Error('two deposits');
    await expect(
      t.db.transaction(async (tx) => {
        const [entryId] = await reserveEntryIds(tx, 1);
        await postEntries(
          tx,
          [depositEntry({ userId: pending.userId, amount: 1n, depositId: pending.id, methodLabel: 'x' })],
          { id: 'staff-1', role: 'admin' },
          { entryIds: [entryId ?? 0n] },
        );
        await approveDeposits(tx, [
          approvalOf(pending.id, entryId ?? 0n),
          approvalOf(decided.id, entryId ?? 0n),
        ]);
      }),
    ).rejects.toThrow('a locked pending deposit was not approved');
    expect((await findDeposit(pending.id))?.status).toBe('pending');
  });

  test('marking a deposit with a credit the posting did not write fails on its foreign key', async () => {
    const { deposits } = await customerWithDeposits([500n]);
    const [pending] = deposits;
    if (!pending) throw new Error('a deposit');
    await expect(
      t.db.transaction(async (tx) => {
        const [entryId] = await reserveEntryIds(tx, 1);
        await approveDeposits(tx, [approvalOf(pending.id, entryId ?? 0n)]);
      }),
    ).rejects.toThrow();
    expect((await findDeposit(pending.id))?.status).toBe('pending');
  });
});

async function findDeposit(id: string) {
  const [row] = await t.db.select().from(depositsTable).where(eq(depositsTable.id, id));
  return row;
}
