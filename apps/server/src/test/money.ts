import { randomUUID } from 'node:crypto';
import { adjustmentEntry, depositEntry, type EntryDraft } from '@candor/domain/ledger/entries';
import type { Db } from '../db/client.ts';
import { COMMAND_LINE_ACTOR } from '../lib/actor.ts';
import { expectPosted, postEntries } from '../modules/ledger/ledger.repository.ts';

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
