import { COINS, type Coin } from '@candor/contracts/coins';
import type { UpdateWalletAddressesRequest, WalletAddresses } from '@candor/contracts/wallets';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { walletAddresses } from '../../db/schema/wallets.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';

type WalletAddressRow = typeof walletAddresses.$inferSelect;

/** One answer from the rows: a coin without a row is null; the time is that of the latest change. */
function toWalletAddresses(rows: readonly WalletAddressRow[]): WalletAddresses {
  const byCoin = new Map(rows.map((row) => [row.coin, row.address]));
  const latest = rows.reduce<Date | null>(
    (max, row) => (max === null || row.updatedAt > max ? row.updatedAt : max),
    null,
  );
  return {
    bitcoin: byCoin.get('bitcoin') ?? null,
    ethereum: byCoin.get('ethereum') ?? null,
    usdt: byCoin.get('usdt') ?? null,
    updatedAt: latest?.toISOString() ?? null,
  };
}

/** The platform's deposit addresses, as the Payment tab shows them. */
export async function readWalletAddresses(db: Db): Promise<WalletAddresses> {
  return toWalletAddresses(await db.select().from(walletAddresses));
}

/** The address customers send `coin` to, or undefined while no administrator has set one. */
export async function findWalletAddress(db: Db, coin: Coin): Promise<string | undefined> {
  const [row] = await db
    .select({ address: walletAddresses.address })
    .from(walletAddresses)
    .where(eq(walletAddresses.coin, coin));
  return row?.address;
}

/** Sets all three deposit addresses at once, recording before and after in the audit log. */
export async function updateWalletAddresses(
  db: Db,
  actor: AuditActor,
  input: UpdateWalletAddressesRequest,
): Promise<WalletAddresses> {
  return db.transaction(async (tx) => {
    // Rows locked in coin order, so two administrators saving at once take turns.
    const beforeRows = await tx.select().from(walletAddresses).orderBy(walletAddresses.coin).for('update');
    const updatedAt = new Date();
    for (const coin of COINS) {
      const values = { address: input[coin], updatedBy: actor.id, updatedAt };
      await tx
        .insert(walletAddresses)
        .values({ coin, ...values })
        .onConflictDoUpdate({ target: walletAddresses.coin, set: values });
    }
    const after = toWalletAddresses(await tx.select().from(walletAddresses));
    await recordAudit(tx, {
      actor,
      action: 'wallets.update',
      targetType: 'wallet_addresses',
      before: toWalletAddresses(beforeRows),
      after,
    });
    return after;
  });
}
