import type { Coin } from '@candor/contracts/coins';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { walletAddresses } from '../../db/schema/wallets.ts';

export type WalletAddressRow = typeof walletAddresses.$inferSelect;

export async function listWalletAddressRows(db: Db): Promise<WalletAddressRow[]> {
  return db.select().from(walletAddresses);
}

/** Every address row, locked in coin order (two administrators saving at once take turns). */
export async function lockWalletAddressRows(tx: Db): Promise<WalletAddressRow[]> {
  return tx.select().from(walletAddresses).orderBy(walletAddresses.coin).for('update');
}

export async function findWalletAddress(db: Db, coin: Coin): Promise<string | undefined> {
  const [row] = await db
    .select({ address: walletAddresses.address })
    .from(walletAddresses)
    .where(eq(walletAddresses.coin, coin));
  return row?.address;
}

export async function upsertWalletAddress(
  tx: Db,
  values: { coin: Coin; address: string; updatedBy: string; updatedAt: Date },
): Promise<void> {
  const { coin, ...change } = values;
  await tx
    .insert(walletAddresses)
    .values(values)
    .onConflictDoUpdate({ target: walletAddresses.coin, set: change });
}
