import { COIN_SPECS, type Coin, CRYPTO_DISPLAY_DECIMALS } from '@candor/contracts/coins';
import type { Deposit, DepositProofFile } from '@candor/contracts/deposits';
import { fileUrl } from '@candor/contracts/files';
import { formatCoinAmount } from '@candor/domain/deposits/crypto-conversion';
import { formatDecimal } from '@candor/domain/money/money';
import type { DepositRow } from './deposits.repository.ts';

/** A coin amount in its smallest unit, as the deposit screens show it (6 decimals). */
export function showCoinAmount(coin: Coin, baseUnits: string): string {
  return formatCoinAmount(BigInt(baseUnits), COIN_SPECS[coin].decimals, CRYPTO_DISPLAY_DECIMALS);
}

/** A deposit as its customer sees it in their history. */
export function toDeposit(row: DepositRow): Deposit {
  return {
    id: row.id,
    amount: formatDecimal(row.amountMinor),
    coin: row.coin,
    cryptoAmount: showCoinAmount(row.coin, row.cryptoAmountBaseUnits),
    rate: row.rate,
    rateSource: row.rateSource,
    address: row.address,
    transactionHash: row.transactionHash,
    status: row.status,
    decisionReason: row.decisionReason,
    quoteExpiresAt: row.quoteExpiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** A deposit's proof of payment as its answers name it: the private file's id, address and type. */
export function toDepositProofFile(proof: { id: string; contentType: string }): DepositProofFile {
  return { fileId: proof.id, url: fileUrl(proof.id), contentType: proof.contentType };
}
