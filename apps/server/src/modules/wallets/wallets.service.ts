import { COINS } from '@candor/contracts/coins';
import type { UpdateWalletAddressesRequest, WalletAddresses } from '@candor/contracts/wallets';
import type { Db } from '../../db/client.ts';
import type { Command } from '../../lib/transactions.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  listWalletAddressRows,
  lockWalletAddressRows,
  upsertWalletAddress,
  type WalletAddressRow,
} from './wallets.repository.ts';

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
  return toWalletAddresses(await listWalletAddressRows(db));
}

/** Sets all three deposit addresses at once, recording before and after in the audit log. */
export async function updateWalletAddresses({
  tx,
  actor,
  now,
  input,
}: Command<{ input: UpdateWalletAddressesRequest }>): Promise<WalletAddresses> {
  const before = toWalletAddresses(await lockWalletAddressRows(tx));
  for (const coin of COINS) {
    await upsertWalletAddress(tx, { coin, address: input[coin], updatedBy: actor.id, updatedAt: now });
  }
  const after = toWalletAddresses(await listWalletAddressRows(tx));
  await recordAudit(tx, {
    actor,
    action: 'wallets.update',
    targetType: 'wallet_addresses',
    before,
    after,
  });
  return after;
}
