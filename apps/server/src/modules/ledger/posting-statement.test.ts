import {
  type AccountRef,
  accountKey,
  CUSTOMER_ACCOUNT_KINDS,
  isCustomerAccount,
  PLATFORM_ACCOUNT_KINDS,
} from '@candor/domain/ledger/accounts';
import { applyEntries } from '@candor/domain/ledger/balances';
import type { EntryDraft } from '@candor/domain/ledger/entries';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { insertUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { lockCustomerAccounts, postEntries } from './ledger.repository.ts';

// The posting statement decides in SQL what `applyEntries` (packages/domain) decides in TypeScript:
// each posting's balance after it, in the movement's order, and the first posting that would take
// a customer's cash or reserved funds below zero (or a loan above it). These properties run the
// same random movements through both and compare every outcome.

const ACTOR: Actor = { id: 'admin-1', role: 'admin' };

let database: Database;
let drop: () => Promise<void>;
let userIds: string[];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  userIds = [];
  for (let i = 0; i < 3; i++) userIds.push((await insertUser(database.db)).id);
  // Every customer account exists, so a run never includes the first-use path (tested below).
  await database.db.transaction(async (tx) => {
    await lockCustomerAccounts(tx, userIds);
  });
});
afterAll(() => drop());

/** Ends a run's transaction without keeping anything. */
class RolledBack extends Error {}

function accountsOf(users: readonly string[]): AccountRef[] {
  return [
    ...users.flatMap((userId) => CUSTOMER_ACCOUNT_KINDS.map((kind) => ({ kind, userId }))),
    ...PLATFORM_ACCOUNT_KINDS.map((kind) => ({ kind })),
  ];
}

/** A balanced entry over 2–4 distinct accounts (by index into `accountsOf`), amounts of ±1…5,000. */
const entryShape = fc
  .uniqueArray(fc.nat({ max: 3 * CUSTOMER_ACCOUNT_KINDS.length + PLATFORM_ACCOUNT_KINDS.length - 1 }), {
    minLength: 2,
    maxLength: 4,
  })
  .chain((accounts) =>
    fc
      .array(
        fc.integer({ min: 1, max: 5_000 }).map((n) => (n % 2 === 0 ? n : -n)),
        {
          minLength: accounts.length - 1,
          maxLength: accounts.length - 1,
        },
      )
      .filter((amounts) => amounts.reduce((sum, n) => sum + n, 0) !== 0)
      .map((amounts) => ({ accounts, amounts: [...amounts, -amounts.reduce((sum, n) => sum + n, 0)] })),
  );

/** Starting balances: cash and reserved 0…10,000, loan −10,000…0, per customer. */
const startShape = fc.array(fc.integer({ min: 0, max: 10_000 }), {
  minLength: 3 * CUSTOMER_ACCOUNT_KINDS.length,
  maxLength: 3 * CUSTOMER_ACCOUNT_KINDS.length,
});

function draftsOf(shapes: { accounts: number[]; amounts: number[] }[]): EntryDraft[] {
  const all = accountsOf(userIds);
  return shapes.map((shape, index) => ({
    kind: 'adjustment',
    description: `Property run entry ${index}`,
    userId: userIds[0] ?? '',
    postings: shape.accounts.map((account, leg) => ({
      account: all[account] ?? { kind: 'platform_house' },
      amount: BigInt(shape.amounts[leg] ?? 0),
    })),
  }));
}

function startBalances(start: number[]): Map<string, bigint> {
  const balances = new Map<string, bigint>();
  const customers = accountsOf(userIds).filter(isCustomerAccount);
  for (const [index, account] of customers.entries()) {
    const value = BigInt(start[index] ?? 0);
    balances.set(accountKey(account), account.kind === 'customer_loan' ? -value : value);
  }
  return balances;
}

async function setBalances(tx: Db, balances: Map<string, bigint>): Promise<void> {
  for (const [key, balance] of balances) {
    const [kind, userId] = key.split(':');
    await tx.execute(
      sql`update ledger_accounts set balance_minor = ${balance.toString()}::bigint
           where kind = ${kind} and user_id = ${userId}`,
    );
  }
}

type Outcome =
  | { posted: true; balances: Record<string, string>; afters: (string | null)[] }
  | { posted: false; refused: string; shortBy: string }
  | { thrown: true };

/** What the SQL statement did: new balances and each posting's stored balance after it, or its refusal. */
async function throughSql(start: Map<string, bigint>, drafts: EntryDraft[]): Promise<Outcome> {
  let outcome: Outcome = { thrown: true };
  try {
    await database.db.transaction(async (tx) => {
      await setBalances(tx, start);
      const result = await postEntries(tx, drafts, ACTOR);
      if (!result.ok) {
        outcome = {
          posted: false,
          refused: result.error.accountKey,
          shortBy: result.error.shortBy.toString(),
        };
        throw new RolledBack();
      }
      const ids = result.value.map((entry) => entry.id.toString());
      const legs = await selectRows<{ after: string | null }>(
        tx,
        sql`select p.balance_after_minor::text as after from postings p
             where p.entry_id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint[])
             order by p.id`,
      );
      const rows = await selectRows<{ kind: string; user_id: string; balance: string }>(
        tx,
        sql`select kind, user_id, balance_minor::text as balance from ledger_accounts where user_id is not null
             and user_id = any(array(select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)))`,
      );
      outcome = {
        posted: true,
        balances: Object.fromEntries(rows.map((row) => [`${row.kind}:${row.user_id}`, row.balance])),
        afters: legs.map((leg) => leg.after),
      };
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack) && !(error instanceof Error && /above zero/.test(error.message))) {
      throw error;
    }
  }
  return outcome;
}

/** What `applyEntries` decides for the same movement. */
function throughDomain(start: Map<string, bigint>, drafts: EntryDraft[]): Outcome {
  try {
    const applied = applyEntries(start, drafts);
    if (!applied.ok) {
      return { posted: false, refused: applied.error.accountKey, shortBy: applied.error.shortBy.toString() };
    }
    const balances: Record<string, string> = {};
    for (const [key, value] of applied.value.balances)
      if (key.includes(':')) balances[key] = value.toString();
    return {
      posted: true,
      balances,
      afters: applied.value.legs.map((leg) =>
        isCustomerAccount(leg.account) ? leg.balanceAfter.toString() : null,
      ),
    };
  } catch (error) {
    if (error instanceof Error && /above zero/.test(error.message)) return { thrown: true };
    throw error;
  }
}

describe('the posting statement', () => {
  test('decides every movement as applyEntries does: balances after each posting, refusals and their shortfall', async () => {
    let refusals = 0;
    let postings = 0;
    await fc.assert(
      fc.asyncProperty(
        startShape,
        fc.array(entryShape, { minLength: 1, maxLength: 4 }),
        async (start, shapes) => {
          const balances = startBalances(start);
          const drafts = draftsOf(shapes);
          const expected = throughDomain(balances, drafts);
          if ('posted' in expected) {
            if (expected.posted) postings++;
            else refusals++;
          }
          expect(await throughSql(balances, drafts)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
    // Both outcomes were tried often enough to mean something.
    expect(refusals).toBeGreaterThan(10);
    expect(postings).toBeGreaterThan(10);
  });

  test("a customer's first movement creates their accounts and posts", async () => {
    const { db } = database;
    const newcomer = await insertUser(db);
    const posted = await db.transaction((tx) =>
      postEntries(
        tx,
        [
          {
            kind: 'adjustment',
            description: 'First movement',
            userId: newcomer.id,
            postings: [
              { account: { kind: 'platform_adjustments' }, amount: -700n },
              { account: { kind: 'customer_reserved', userId: newcomer.id }, amount: 700n },
            ],
          },
        ],
        ACTOR,
      ),
    );
    expect(posted.ok).toBe(true);
    const rows = await selectRows<{ kind: string; balance: string }>(
      db,
      sql`select kind, balance_minor::text as balance from ledger_accounts where user_id = ${newcomer.id} order by kind`,
    );
    expect(rows).toEqual([
      { kind: 'customer_cash', balance: '0' },
      { kind: 'customer_loan', balance: '0' },
      { kind: 'customer_reserved', balance: '700' },
    ]);
  });
});
