import { randomUUID } from 'node:crypto';
import { adjustmentEntry, depositEntry, type EntryDraft } from '@candor/domain/ledger/entries';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { type Actor, COMMAND_LINE_ACTOR } from '../lib/actor.ts';
import { expectPosted, type PostedEntry, postEntries } from '../modules/ledger/ledger.repository.ts';
import { insertSignedInUser, type TestUser } from './factories.ts';
import type { Browser } from './test-app.ts';

/**
 * Posts entries in a transaction of their own. An INSUFFICIENT_FUNDS result rolls it back and
 * rejects with that error, as a use case refusing the movement would.
 */
export function postOrReject(db: Db, drafts: EntryDraft[], actor: Actor): Promise<PostedEntry[]> {
  return db.transaction(async (tx) => {
    const posted = await postEntries(tx, drafts, actor);
    if (!posted.ok) throw posted.error;
    return posted.value;
  });
}

async function post(db: Db, draft: EntryDraft): Promise<void> {
  expectPosted(await db.transaction((tx) => postEntries(tx, [draft], COMMAND_LINE_ACTOR)));
}

/** Credits a customer's cash with a deposit entry, as an approved deposit would. */
export async function fund(db: Db, userId: string, cents: bigint): Promise<void> {
  await post(
    db,
    depositEntry({ userId, amount: cents, depositId: randomUUID(), methodLabel: 'Bitcoin(BTC)' }),
  );
}

/** Credits a customer's cash with an adjustment entry (money that no deposit record stands behind). */
export async function credit(db: Db, userId: string, cents: bigint, reason: string): Promise<void> {
  await post(db, adjustmentEntry({ userId, direction: 'credit', amount: cents, reason }));
}

/**
 * A new customer with `cents` of available cash (none when 0), and a browser signed in as them.
 * Verified by default (issue 12: unverified accounts may not withdraw); pass identityStatus to test the limits.
 */
export async function insertFundedCustomer(
  t: { app: FastifyInstance; db: Db },
  cents: bigint,
  overrides: Partial<TestUser> = {},
): Promise<{ user: TestUser; browser: Browser }> {
  const customer = await insertSignedInUser(t, { identityStatus: 'verified', ...overrides });
  if (cents > 0n) await fund(t.db, customer.user.id, cents);
  return customer;
}
