import { COIN_SPECS, COINS, type Coin, CRYPTO_DISPLAY_DECIMALS } from '@candor/contracts/coins';
import {
  type CreateDepositQuoteRequest,
  type CreateDepositRequest,
  DEPOSIT_MESSAGES,
  DEPOSIT_PAGE_SIZE,
  DEPOSIT_QUOTE_SECONDS,
  type Deposit,
  type DepositMethods,
  type DepositPage,
  type DepositProof,
  type DepositQuote,
  findTransactionHashProblem,
  type OwnDeposit,
  type RateSource,
} from '@candor/contracts/deposits';
import { fileUrl } from '@candor/contracts/files';
import { toMinorUnits } from '@candor/contracts/money';
import { convertUsdToCoin } from '@candor/domain/deposits/crypto-conversion';
import { formatDecimal } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Command } from '../../lib/transactions.ts';
import type { MarketService } from '../../market/market.service.ts';
import { findFileById } from '../storage/files.repository.ts';
import { saveUpload } from '../storage/files.service.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';
import { requireActiveAccount, requireCustomerAccount } from '../users/users.service.ts';
import { requireDepositWithinIdentityLimit } from '../verification-limits/verification-limits.service.ts';
import { findWalletAddress, listWalletAddressRows } from '../wallets/wallets.repository.ts';
import { showCoinAmount, toDeposit, toDepositProofFile } from './deposit-rows.ts';
import {
  findDepositDetails,
  findDepositIdBy,
  insertDeposit,
  insertDepositQuote,
  lockDepositQuote,
  selectOwnDepositPage,
} from './deposits.repository.ts';

/** USDT is taken at 1 USD: no market price is asked for it. */
const USDT_RATE = '1.00';

/** The rate of `coin` in USD and its source; PRICE_UNAVAILABLE when the market has no fresh price. */
function readRate(market: MarketService, coin: Coin): { rate: string; source: RateSource } {
  const symbol = COIN_SPECS[coin].usdSymbol;
  if (symbol === null) return { rate: USDT_RATE, source: 'fixed' };
  const quote = market.findFreshQuote(symbol);
  if (!quote) throw new AppError('PRICE_UNAVAILABLE', DEPOSIT_MESSAGES.priceUnavailable);
  return { rate: quote.price, source: quote.source };
}

/**
 * The coins the Deposit page offers from step 1: those with a deposit address. Step 2's quote still
 * refuses a coin without one (WALLET_NOT_CONFIGURED), should its address go in between.
 */
export async function listDepositMethods(db: Db): Promise<DepositMethods> {
  const configured = new Set(
    (await listWalletAddressRows(db)).filter((row) => row.address.trim() !== '').map((row) => row.coin),
  );
  return { coins: COINS.filter((coin) => configured.has(coin)) };
}

/**
 * Step 2: converts the customer's USD amount into `coin` at the current market rate (rounded up to
 * 6 decimals, so the coins sent always cover the dollars credited) and records the quote with the
 * platform's address for that coin. The quote lives DEPOSIT_QUOTE_SECONDS.
 */
export async function createDepositQuote({
  tx,
  actor,
  now,
  market,
  input,
}: Command<{ market: MarketService; input: CreateDepositQuoteRequest }>): Promise<DepositQuote> {
  const spec = COIN_SPECS[input.coin];
  const address = await findWalletAddress(tx, input.coin);
  if (!address) throw new AppError('WALLET_NOT_CONFIGURED', DEPOSIT_MESSAGES.walletMissing(spec.label));
  const { rate, source } = readRate(market, input.coin);
  const amountMinor = toMinorUnits(input.amount);
  // Issue 12: told before paying; the submission checks again under the customer's lock.
  await requireDepositWithinIdentityLimit(tx, { userId: actor.id, amountMinor, now });
  const converted = convertUsdToCoin({
    amountCents: amountMinor,
    usdPerCoin: rate,
    coinDecimals: spec.decimals,
    quoteDecimals: CRYPTO_DISPLAY_DECIMALS,
  });
  if (!converted.ok) throw new AppError('PRICE_UNAVAILABLE', DEPOSIT_MESSAGES.priceUnavailable);
  const quote = await insertDepositQuote(tx, {
    userId: actor.id,
    amountMinor,
    coin: input.coin,
    cryptoAmountBaseUnits: converted.value.toString(),
    rate,
    rateSource: source,
    address,
    expiresAt: new Date(now.getTime() + DEPOSIT_QUOTE_SECONDS * 1000),
    createdAt: now,
  });
  return {
    id: quote.id,
    amount: formatDecimal(quote.amountMinor),
    coin: quote.coin,
    cryptoAmount: showCoinAmount(quote.coin, quote.cryptoAmountBaseUnits),
    rate: quote.rate,
    rateSource: quote.rateSource,
    address: quote.address,
    expiresAt: quote.expiresAt.toISOString(),
  };
}

/** Stores a proof of payment as a private file of its uploader. Call outside any transaction. */
export async function saveDepositProof({
  db,
  storage,
  actor,
  data,
}: {
  db: Db;
  storage: StorageBackend;
  actor: Actor;
  data: Buffer;
}): Promise<DepositProof> {
  const file = await saveUpload(db, storage, { purpose: 'proof_of_payment', ownerUserId: actor.id, data });
  return { fileId: file.id, url: fileUrl(file.id) };
}

/**
 * Step 3's Paid button: records a pending deposit from the customer's own quote and own proof,
 * copying the quote's amount, coin, crypto amount, rate, source, address and expiry. Refused after
 * the quote expired (QUOTE_EXPIRED) and when the quote already has a deposit. The quote row is
 * locked first, so two submissions on one quote take turns.
 */
export async function submitDeposit({
  tx,
  actor,
  now,
  input,
}: Command<{ input: CreateDepositRequest }>): Promise<Deposit> {
  // Waits for a close of the account under way, and sees it (no pending deposit on a closed account);
  // and a staff role given meanwhile: a staff account deposits nothing (decision 062).
  requireCustomerAccount(await requireActiveAccount(tx, actor.id));
  const quote = await lockDepositQuote(tx, input.quoteId);
  if (!quote || quote.userId !== actor.id) throw new AppError('NOT_FOUND', DEPOSIT_MESSAGES.quoteNotFound);
  // The request names its quote, not the coin: the hash is checked as one of the quote's coin here.
  const hashProblem = findTransactionHashProblem(quote.coin, input.transactionHash);
  if (hashProblem) throw new AppError('VALIDATION_FAILED', hashProblem);
  if (await findDepositIdBy(tx, { quoteId: quote.id })) {
    throw new AppError('CONFLICT', DEPOSIT_MESSAGES.alreadySubmitted);
  }
  if (quote.expiresAt.getTime() <= now.getTime())
    throw new AppError('QUOTE_EXPIRED', DEPOSIT_MESSAGES.expired);

  const proof = await findFileById(tx, input.proofFileId);
  if (!proof || proof.ownerUserId !== actor.id || proof.purpose !== 'proof_of_payment') {
    throw new AppError('NOT_FOUND', DEPOSIT_MESSAGES.proofNotFound);
  }
  if (await findDepositIdBy(tx, { proofFileId: proof.id })) {
    throw new AppError('CONFLICT', DEPOSIT_MESSAGES.proofInUse);
  }
  // Issue 12: an unverified account's 30-day deposit limit, summed under the customer's account lock.
  await requireDepositWithinIdentityLimit(tx, { userId: actor.id, amountMinor: quote.amountMinor, now });
  const row = await insertDeposit(tx, {
    userId: actor.id,
    quoteId: quote.id,
    amountMinor: quote.amountMinor,
    coin: quote.coin,
    cryptoAmountBaseUnits: quote.cryptoAmountBaseUnits,
    rate: quote.rate,
    rateSource: quote.rateSource,
    address: quote.address,
    quoteExpiresAt: quote.expiresAt,
    proofFileId: proof.id,
    transactionHash: input.transactionHash ?? null,
    status: 'pending',
    createdAt: now,
  });
  return toDeposit(row);
}

/** The customer's own deposits, newest first (history). */
export async function listOwnDeposits(db: Db, userId: string, page: number): Promise<DepositPage> {
  return mapPage(await selectOwnDepositPage(db, userId, { page, pageSize: DEPOSIT_PAGE_SIZE }), toDeposit);
}

/**
 * One of the customer's own deposits with their proof of payment; NOT_FOUND for an unknown id and
 * for another customer's deposit alike (nothing tells them it exists).
 */
export async function requireOwnDeposit(db: Db, userId: string, id: string): Promise<OwnDeposit> {
  const details = await findDepositDetails(db, id);
  if (!details || details.deposit.userId !== userId) {
    throw new AppError('NOT_FOUND', DEPOSIT_MESSAGES.notFound);
  }
  return { ...toDeposit(details.deposit), proof: toDepositProofFile(details.proof) };
}
