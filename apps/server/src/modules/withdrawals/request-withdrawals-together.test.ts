import { createHash, randomUUID } from 'node:crypto';
import { STAFF_ACCOUNT_MONEY_MESSAGE } from '@candor/contracts/staff';
import { type Withdrawal, WithdrawalSchema } from '@candor/contracts/withdrawals';
import { loanPayoutEntry } from '@candor/domain/ledger/entries';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { withdrawalFreezeTokens } from '../../db/schema/account-security.ts';
import { users } from '../../db/schema/auth.ts';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { withdrawals } from '../../db/schema/withdrawals.ts';
import { type Actor, COMMAND_LINE_ACTOR } from '../../lib/actor.ts';
import type { ItemOutcome } from '../../lib/group-commit.ts';
import { tokenFromLink } from '../../test/auth-helpers.ts';
import { insertUser, type TestUser } from '../../test/factories.ts';
import { claimOf, describeOutcome, oneAfterTheOther, togetherDeps } from '../../test/group-commit.ts';
import { fund, postOrReject } from '../../test/money.ts';
import { useTestApp } from '../../test/test-app.ts';
import { upsertProtection } from '../account-security/account-security.repository.ts';
import { selectBalanceFigures } from '../ledger/ledger.repository.ts';
import {
  createWithdrawalRequestGroup,
  requestWithdrawalsTogether,
  type WithdrawalRequestRequest,
} from './request-withdrawals-together.ts';
import {
  matchesWithdrawalCode,
  WITHDRAWAL_CODE_SUBJECT,
  WITHDRAWAL_NOTICE_SUBJECT,
} from './withdrawal-codes.ts';
import { PAYOUTS, setCustomerSettings, setWithdrawalLimits } from './withdrawal-test-helpers.ts';
import { requestWithdrawal, requireOwnWithdrawal } from './withdrawals.service.ts';

const t = useTestApp();
const PUBLIC_URL = 'http://candor.test';
const deps = () => ({ ...togetherDeps(t), publicUrl: PUBLIC_URL });
const SCOPE = 'POST /api/withdrawals';
/** When a wait after a security change ends: one time for every customer, so their messages compare. */
const WAIT_UNTIL = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000);

type Setup = {
  cents?: bigint;
  owed?: bigint;
  identity?: 'verified' | 'unverified' | 'pending';
  protection?: 'frozen' | 'waiting' | 'waited';
  settings?: 'hold' | 'code';
  /** A withdrawal of this many cents requested before (counts in the 30-day limit). */
  before?: bigint;
  /** Made staff once set up: an account holding money from before staff were refused it (decision 062). */
  staff?: boolean;
};

/** A customer set up as described, as the actor of their own requests. */
async function customer(setup: Setup = {}): Promise<{ actor: Actor; user: TestUser }> {
  const user = await insertUser(t.db, { identityStatus: setup.identity ?? 'verified' });
  const cents = (setup.cents ?? 0n) + (setup.before ?? 0n);
  if (cents > 0n) await fund(t.db, user.id, cents);
  if (setup.owed) {
    await postOrReject(
      t.db,
      [loanPayoutEntry({ userId: user.id, amount: setup.owed, loanId: randomUUID(), planName: 'Test loan' })],
      COMMAND_LINE_ACTOR,
    );
  }
  const asCustomer: Actor = { id: user.id, role: 'client' };
  if (setup.before) await requestAlone(request(asCustomer, setup.before));
  if (setup.staff) await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
  const actor: Actor = setup.staff ? { id: user.id, role: 'admin' } : asCustomer;
  const now = Date.now();
  if (setup.protection === 'frozen') {
    await upsertProtection(t.db, user.id, { frozenAt: new Date(now), updatedAt: new Date(now) });
  } else if (setup.protection) {
    const waitUntil = setup.protection === 'waiting' ? WAIT_UNTIL : new Date(now - 60_000);
    await upsertProtection(t.db, user.id, {
      waitUntil,
      waitCause: 'password_change',
      updatedAt: new Date(now),
    });
  }
  if (setup.settings === 'hold') {
    await setCustomerSettings(t.db, user.id, {
      holdEnabled: true,
      holdReason: 'Pending review of your trades',
    });
  } else if (setup.settings === 'code') {
    await setCustomerSettings(t.db, user.id, { requireCode: true });
  }
  return { actor, user };
}

function request(actor: Actor, cents: bigint, key?: string): WithdrawalRequestRequest {
  const input = { amount: (Number(cents) / 100).toFixed(2), ...PAYOUTS.paypal };
  return { actor, input, claim: key ? claimOf(actor, key, SCOPE, { body: input }) : undefined };
}

/** The single path, as a request alone runs it. */
function requestAlone(one: WithdrawalRequestRequest): Promise<Withdrawal> {
  return deps().transactions.runIdempotent(one.claim, WithdrawalSchema, (context) =>
    requestWithdrawal({ ...context, actor: one.actor, input: one.input, publicUrl: PUBLIC_URL }),
  );
}

function described(outcome: ItemOutcome<Withdrawal> | undefined) {
  return describeOutcome(outcome, ({ amount, fee, net, status, holdReason, method }) => ({
    amount,
    fee,
    net,
    status,
    holdReason,
    method,
  }));
}

async function balancesOf(actor: Actor) {
  const figures = await selectBalanceFigures(t.db, actor.id);
  return { available: figures.available, reserved: figures.reserved };
}

/** The mail kept for the customer, oldest first. */
function mailOf(userId: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, userId))
    .orderBy(asc(mailOutbox.createdAt));
}

async function setIdentityRules(rules: { needVerified: boolean; limitCents: bigint }) {
  await t.db
    .update(siteSettings)
    .set({
      withdrawalsNeedVerifiedIdentity: rules.needVerified,
      unverifiedWithdrawalLimitMinor: rules.limitCents,
    })
    .where(eq(siteSettings.id, 1));
}

describe('withdrawal requests decided together (group commit)', () => {
  test('each request gets its own outcome: a refusal does not stop the others', async () => {
    await setWithdrawalLimits(t.db, 10_00n, 250);
    await setIdentityRules({ needVerified: false, limitCents: 500_00n });
    const plain = await customer({ cents: 1_000_00n });
    const held = await customer({ cents: 1_000_00n, settings: 'hold' });
    const coded = await customer({ cents: 1_000_00n, settings: 'code' });
    const frozen = await customer({ cents: 1_000_00n, protection: 'frozen' });
    const paused = await customer({ cents: 1_000_00n, protection: 'waiting' });
    const waited = await customer({ cents: 1_000_00n, protection: 'waited' });
    const poor = await customer({ cents: 50_00n });
    const small = await customer({ cents: 1_000_00n });
    const borrower = await customer({ cents: 100_00n, owed: 200_00n });
    const unverified = await customer({ cents: 1_000_00n, identity: 'unverified', before: 400_00n });
    const staff = await customer({ cents: 1_000_00n, staff: true });
    const outcomes = await requestWithdrawalsTogether(deps(), [
      request(plain.actor, 100_00n),
      request(held.actor, 100_00n),
      request(coded.actor, 100_00n),
      request(frozen.actor, 100_00n),
      request(paused.actor, 100_00n),
      request(waited.actor, 100_00n),
      request(poor.actor, 100_00n),
      request(small.actor, 5_00n),
      request(borrower.actor, 150_00n),
      request(unverified.actor, 200_00n),
      request(staff.actor, 100_00n),
    ]);
    const pending = { amount: '100.00', fee: '2.50', net: '97.50', holdReason: null, method: 'paypal' };
    expect(outcomes.map(described)).toEqual([
      { ...pending, status: 'pending' },
      { ...pending, status: 'on_hold', holdReason: 'Pending review of your trades' },
      { ...pending, status: 'awaiting_confirmation' },
      { refused: 'WITHDRAWALS_FROZEN', message: expect.any(String) },
      { refused: 'WITHDRAWALS_PAUSED', message: expect.stringContaining('password') },
      { ...pending, status: 'pending' },
      { refused: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance!' },
      { refused: 'BELOW_MINIMUM_WITHDRAWAL', message: 'Minimum withdrawal is $10.00' },
      {
        refused: 'INSUFFICIENT_FUNDS',
        message: 'Borrowed money cannot be withdrawn: you can withdraw up to $100.00',
      },
      { refused: 'VERIFICATION_LIMIT', message: expect.any(String) },
      { refused: 'FORBIDDEN', message: STAFF_ACCOUNT_MONEY_MESSAGE },
    ]);
    expect(await balancesOf(staff.actor)).toEqual({ available: 1_000_00n, reserved: 0n });
    expect(await balancesOf(plain.actor)).toEqual({ available: 900_00n, reserved: 100_00n });
    expect(await balancesOf(frozen.actor)).toEqual({ available: 1_000_00n, reserved: 0n });
    expect(await balancesOf(borrower.actor)).toMatchObject({ reserved: 0n });
    expect(await balancesOf(unverified.actor)).toEqual({ available: 1_000_00n, reserved: 400_00n });
    // Every accepted request mailed its own customer once (the code, or the notice); refused ones nothing.
    for (const { actor } of [plain, held, waited]) {
      expect((await mailOf(actor.id)).map((mail) => mail.subject)).toEqual([
        expect.stringContaining(WITHDRAWAL_NOTICE_SUBJECT),
      ]);
    }
    expect((await mailOf(coded.actor.id)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining(WITHDRAWAL_CODE_SUBJECT),
    ]);
    for (const { actor } of [frozen, paused, poor, small, borrower, staff])
      expect(await mailOf(actor.id)).toEqual([]);
  });

  test("a batch's answers are what a read after the commit finds: on hold, awaiting a code and pending alike", async () => {
    await setWithdrawalLimits(t.db, 10_00n, 250);
    const people = [
      await customer({ cents: 500_00n }),
      await customer({ cents: 500_00n, settings: 'hold' }),
      await customer({ cents: 500_00n, settings: 'code' }),
    ];
    const outcomes = await requestWithdrawalsTogether(
      deps(),
      people.map(({ actor }, index) => request(actor, 100_00n, `read-back-${index}`)),
    );
    expect(outcomes.map((outcome) => outcome.ok && outcome.value.status)).toEqual([
      'pending',
      'on_hold',
      'awaiting_confirmation',
    ]);
    for (const [index, outcome] of outcomes.entries()) {
      if (!outcome.ok) throw outcome.error;
      const { user } = people[index] as { user: TestUser };
      expect(outcome.value).toEqual(await requireOwnWithdrawal(t.db, user.id, outcome.value.id));
    }
  });

  test('a reservation the ledger refuses (a broken invariant) fails the whole batch: no withdrawal, link, mail or key is kept', async () => {
    await setWithdrawalLimits(t.db, 10_00n, 250);
    const people = [await customer({ cents: 500_00n }), await customer({ cents: 500_00n })];
    const firstId = people[0]?.user.id ?? '';
    // A function's body takes no parameters: the id written in (a test user's own).
    if (!/^[\w-]+$/.test(firstId)) throw new Error(`unexpected user id ${firstId}`);
    // The cash gone from under the first request once its accounts are read: the posting, sent
    // without waiting for its answer, writes nothing, and the rows behind it must fail.
    await t.db.execute(sql`
      create function candor_test_drain() returns trigger language plpgsql as $$
      begin
        update ledger_accounts set balance_minor = 0
         where user_id = ${sql.raw(`'${firstId}'`)} and kind = 'customer_cash';
        return null;
      end $$`);
    await t.db.execute(
      sql`create trigger candor_test_drain after insert on idempotency_keys for each statement execute function candor_test_drain()`,
    );
    try {
      await expect(
        requestWithdrawalsTogether(
          deps(),
          people.map(({ actor }, index) => request(actor, 100_00n, `drained-${index}`)),
        ),
      ).rejects.toThrow();
    } finally {
      await t.db.execute(sql`drop trigger candor_test_drain on idempotency_keys`);
      await t.db.execute(sql`drop function candor_test_drain()`);
    }
    for (const { user } of people) {
      expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toEqual([]);
      expect(
        await t.db.select().from(withdrawalFreezeTokens).where(eq(withdrawalFreezeTokens.userId, user.id)),
      ).toEqual([]);
      expect(await mailOf(user.id)).toEqual([]);
    }
    expect(
      await t.db
        .select()
        .from(idempotencyKeys)
        .where(inArray(idempotencyKeys.key, ['drained-0', 'drained-1'])),
    ).toEqual([]);
  });

  test('unverified accounts are refused outright while withdrawals need a verified identity', async () => {
    await setWithdrawalLimits(t.db, 10_00n, 250);
    await setIdentityRules({ needVerified: true, limitCents: 500_00n });
    const unverified = await customer({ cents: 1_000_00n, identity: 'unverified' });
    const verified = await customer({ cents: 1_000_00n });
    const outcomes = await requestWithdrawalsTogether(deps(), [
      request(unverified.actor, 20_00n),
      request(verified.actor, 20_00n),
    ]);
    expect(outcomes.map(described)).toEqual([
      { refused: 'IDENTITY_REQUIRED', message: expect.any(String) },
      expect.objectContaining({ status: 'pending', amount: '20.00' }),
    ]);
    await setIdentityRules({ needVerified: false, limitCents: 500_00n });
  });

  test("each customer's mailed code confirms their own withdrawal, and no other; each freeze link is theirs", async () => {
    await setWithdrawalLimits(t.db, 10_00n, 250);
    const customers = await Promise.all(
      Array.from({ length: 6 }, () => customer({ cents: 1_000_00n, settings: 'code' })),
    );
    const outcomes = await requestWithdrawalsTogether(
      deps(),
      customers.map(({ actor }) => request(actor, 40_00n)),
    );
    const rows = await Promise.all(
      outcomes.map(async (outcome) => {
        if (!outcome.ok) throw outcome.error;
        const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, outcome.value.id));
        if (!row?.codeHash) throw new Error('a withdrawal awaiting its code');
        return row;
      }),
    );
    for (const [index, { actor, user }] of customers.entries()) {
      const mails = await mailOf(actor.id);
      expect(mails).toHaveLength(1);
      const mail = mails[0];
      expect(mail?.toAddress).toBe(user.email);
      const code = mail?.textBody.match(/^(\d{6})$/m)?.[1];
      if (!code) throw new Error(`no code in ${mail?.textBody}`);
      for (const [other, row] of rows.entries()) {
        expect(row.userId === actor.id).toBe(other === index);
        // A 6-digit code may match another request's by chance only one time in a million.
        if (other === index) expect(matchesWithdrawalCode(row.id, code, row.codeHash ?? '')).toBe(true);
      }
      const token = tokenFromLink(mail?.textBody ?? '', '/freeze');
      const [link] = await t.db
        .select()
        .from(withdrawalFreezeTokens)
        .where(eq(withdrawalFreezeTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
      expect(link).toMatchObject({ userId: actor.id, withdrawalId: rows[index]?.id });
    }
  });

  test('a retry answers the first request; a refused request releases its key', async () => {
    await setWithdrawalLimits(t.db, 10_00n, 250);
    const first = await customer({ cents: 1_000_00n });
    const poor = await customer({ cents: 10_00n });
    const made = await requestWithdrawalsTogether(deps(), [
      request(first.actor, 100_00n, 'w-1'),
      request(poor.actor, 100_00n, 'w-2'),
    ]);
    expect(described(made[1])).toMatchObject({ refused: 'INSUFFICIENT_FUNDS' });
    await fund(t.db, poor.actor.id, 200_00n);
    const again = await requestWithdrawalsTogether(deps(), [
      request(first.actor, 100_00n, 'w-1'),
      request(poor.actor, 100_00n, 'w-2'),
    ]);
    expect(again[0]).toEqual(made[0]);
    expect(described(again[1])).toMatchObject({ status: 'pending', amount: '100.00' });
    const reused = await requestWithdrawalsTogether(deps(), [
      request(first.actor, 200_00n, 'w-1'),
      request(poor.actor, 10_00n),
    ]);
    expect(described(reused[0])).toMatchObject({ refused: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await balancesOf(first.actor)).toEqual({ available: 900_00n, reserved: 100_00n });
    expect(await balancesOf(poor.actor)).toEqual({ available: 100_00n, reserved: 110_00n });
    expect(await mailOf(first.actor.id)).toHaveLength(1);
  });

  test('one customer’s requests sent at once are never decided together: the later ones see the earlier', async () => {
    await setWithdrawalLimits(t.db, 10_00n, 250);
    const group = createWithdrawalRequestGroup({ ...deps(), log: t.app.log });
    const spender = await customer({ cents: 250_00n });
    const others = await Promise.all([customer({ cents: 1_000_00n }), customer({ cents: 1_000_00n })]);
    const answers = await Promise.allSettled([
      group.submit(request(spender.actor, 100_00n, 'k-1')),
      group.submit(request(spender.actor, 100_00n, 'k-1')),
      group.submit(request(spender.actor, 100_00n, 'k-2')),
      group.submit(request(spender.actor, 100_00n, 'k-3')),
      ...others.map((other) => group.submit(request(other.actor, 50_00n))),
    ]);
    const values = answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : answer.reason));
    expect(values[1]).toEqual(values[0]);
    expect(values[2]).toMatchObject({ status: 'pending' });
    expect(values[3]).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(values[4]).toMatchObject({ amount: '50.00' });
    expect(await balancesOf(spender.actor)).toEqual({ available: 50_00n, reserved: 200_00n });
    expect(group.stats()).toMatchObject({ items: 6, failedBatches: 0 });
  });

  test('two servers deciding one customer’s requests at once never overdraw nor pass the 30-day limit', async () => {
    await setWithdrawalLimits(t.db, 10_00n, 250);
    await setIdentityRules({ needVerified: false, limitCents: 700_00n });
    const servers = [1, 2].map(() => createWithdrawalRequestGroup({ ...deps(), log: t.app.log }));
    const rich = await customer({ cents: 1_000_00n });
    const limited = await customer({ cents: 5_000_00n, identity: 'unverified' });
    const others = await Promise.all([1, 2, 3].map(() => customer({ cents: 1_000_00n })));
    // Ten $300 requests each, alternately to the two servers, with other customers' requests between.
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => {
        const server = servers[index % 2] as (typeof servers)[number];
        return [
          server.submit(request(rich.actor, 300_00n, `rich-${index}`)),
          server.submit(request(limited.actor, 300_00n, `limited-${index}`)),
          server.submit(request((others[index % 3] as { actor: Actor }).actor, 10_00n)),
        ];
      }).flat(),
    );
    const of = (offset: number) =>
      answers.filter((_, index) => index % 3 === offset).map((answer) => answer.status === 'fulfilled');
    const refusal = (offset: number) =>
      answers.flatMap((answer, index) =>
        index % 3 === offset && answer.status === 'rejected'
          ? [(answer.reason as { code: string }).code]
          : [],
      );
    expect(of(0).filter(Boolean)).toHaveLength(3);
    expect(new Set(refusal(0))).toEqual(new Set(['INSUFFICIENT_FUNDS']));
    expect(of(1).filter(Boolean)).toHaveLength(2);
    expect(new Set(refusal(1))).toEqual(new Set(['VERIFICATION_LIMIT']));
    expect(of(2).every(Boolean)).toBe(true);
    expect(await balancesOf(rich.actor)).toEqual({ available: 100_00n, reserved: 900_00n });
    expect(await balancesOf(limited.actor)).toEqual({ available: 4_400_00n, reserved: 600_00n });
    await setIdentityRules({ needVerified: false, limitCents: 500_00n });
  });

  test('decided together or one after the other, every request gets the same outcome, balances and mail', async () => {
    await setWithdrawalLimits(t.db, 10_00n, 250);
    const setups = fc.record({
      cents: fc.constantFrom(0n, 30_00n, 300_00n, 1_000_00n),
      owed: fc.constantFrom(0n, 0n, 200_00n),
      identity: fc.constantFrom<Setup['identity']>('verified', 'unverified', 'pending'),
      protection: fc.constantFrom<Setup['protection']>(undefined, undefined, 'frozen', 'waiting', 'waited'),
      settings: fc.constantFrom<Setup['settings']>(undefined, 'hold', 'code'),
      before: fc.constantFrom(0n, 300_00n),
      amount: fc.constantFrom(5_00n, 40_00n, 150_00n, 280_00n),
      staff: fc.constantFrom(false, false, false, true),
    });
    type Case = [Array<Setup & { amount: bigint }>, boolean];
    const plain = {
      owed: 0n,
      identity: 'verified',
      protection: undefined,
      settings: undefined,
      before: 0n,
      staff: false,
    } as const;
    // Always tried: the 30-day limit of unverified accounts (one within it, one over it, one verified).
    const limits: Case = [
      [
        { ...plain, cents: 1_000_00n, identity: 'unverified', before: 300_00n, amount: 40_00n },
        { ...plain, cents: 1_000_00n, identity: 'pending', before: 300_00n, amount: 150_00n },
        { ...plain, cents: 1_000_00n, before: 300_00n, amount: 280_00n, settings: 'code' },
      ],
      false,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(setups, { minLength: 2, maxLength: 6 }),
        fc.constantFrom(false, false, true),
        async (list, needVerified) => {
          await setIdentityRules({ needVerified: false, limitCents: 400_00n });
          const setUp = () => Promise.all(list.map((setup) => customer(setup)));
          const together = await setUp();
          const oneByOne = await setUp();
          await setIdentityRules({ needVerified, limitCents: 400_00n });
          const build = (people: Array<{ actor: Actor }>) =>
            list.map(({ amount }, index) => request((people[index] as { actor: Actor }).actor, amount));
          const batched = await requestWithdrawalsTogether(deps(), build(together));
          const single = await oneAfterTheOther(build(oneByOne), requestAlone);
          expect(batched.map(described)).toEqual(single.map(described));
          for (const [index, { actor }] of together.entries()) {
            const other = (oneByOne[index] as { actor: Actor }).actor;
            expect(await balancesOf(actor)).toEqual(await balancesOf(other));
            const subjects = async (userId: string) => (await mailOf(userId)).map((mail) => mail.subject);
            expect(await subjects(actor.id)).toEqual(await subjects(other.id));
          }
        },
      ),
      { numRuns: 12, examples: [limits] },
    );
    await setIdentityRules({ needVerified: false, limitCents: 500_00n });
  });
});
