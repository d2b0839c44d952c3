import { randomBytes } from 'node:crypto';
import { DEPOSIT_QUOTE_SECONDS } from '@candor/contracts/deposits';
import type { Db } from '../db/client.ts';
import { depositQuotes, deposits } from '../db/schema/deposits.ts';
import { files } from '../db/schema/files.ts';

/** The platform's USDT (TRC-20) address in the deposit tests. */
export const TEST_USDT_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * A pending deposit written straight to the database (lists, races, crashes): a $25.00 USDT quote,
 * a proof file row (the bytes do not matter here) and the deposit, with `overrides` on the deposit.
 */
export async function insertPendingDeposit(
  db: Db,
  userId: string,
  overrides: Partial<typeof deposits.$inferInsert> = {},
): Promise<typeof deposits.$inferSelect> {
  const [file] = await db
    .insert(files)
    .values({
      storageKey: `proof_of_payment/${randomBytes(8).toString('hex')}.png`,
      purpose: 'proof_of_payment',
      visibility: 'private',
      ownerUserId: userId,
      contentType: 'image/png',
      sizeBytes: 1,
    })
    .returning();
  const expiresAt = new Date(Date.now() + DEPOSIT_QUOTE_SECONDS * 1000);
  const base = {
    userId,
    amountMinor: 2_500n,
    coin: 'usdt',
    cryptoAmountBaseUnits: '25000000',
    rate: '1.00',
    rateSource: 'fixed',
    address: TEST_USDT_ADDRESS,
  } as const;
  const [quote] = await db
    .insert(depositQuotes)
    .values({ ...base, expiresAt })
    .returning();
  if (!file || !quote) throw new Error('the deposit set-up was not stored');
  const [row] = await db
    .insert(deposits)
    .values({ ...base, quoteId: quote.id, quoteExpiresAt: expiresAt, proofFileId: file.id, ...overrides })
    .returning();
  if (!row) throw new Error('the deposit was not stored');
  return row;
}
