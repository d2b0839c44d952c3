import { COIN_SPECS, type Coin, CoinSchema, CRYPTO_DISPLAY_DECIMALS } from '@candor/contracts/coins';
import {
  type AdminDeposit,
  type AdminDepositListQuery,
  type AdminDepositPage,
  type CreateDepositQuoteRequest,
  DEPOSIT_MESSAGES,
  DEPOSIT_PAGE_SIZE,
  DEPOSIT_QUOTE_SECONDS,
  type Deposit,
  type DepositPage,
  type DepositProof,
  type DepositQuote,
  type RateSource,
  RateSourceSchema,
} from '@candor/contracts/deposits';
import { fileUrl } from '@candor/contracts/files';
import { toMinorUnits } from '@candor/contracts/money';
import { convertUsdToCoin, formatCoinAmount } from '@candor/domain/deposits/crypto-conversion';
import { DEPOSIT_NEXT, DEPOSIT_STATUSES, type DepositStatus } from '@candor/domain/deposits/deposit-status';
import { depositEntry } from '@candor/domain/ledger/entries';
import { formatDecimal } from '@candor/domain/money/money';
import { checkTransition } from '@candor/domain/state-machine';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { depositQuotes, deposits } from '../../db/schema/deposits.ts';
import { files } from '../../db/schema/files.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { pageCount } from '../../lib/page-count.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { MarketService } from '../../market/market.service.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { postEntries } from '../ledger/ledger.repository.ts';
import { saveUpload } from '../storage/files.service.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';
import { findWalletAddress } from '../wallets/wallets.service.ts';

type DepositRow = typeof deposits.$inferSelect;

/** USDT is taken at 1 USD: no market price is asked for it. */
const USDT_RATE = '1.00';

function toCoin(text: string): Coin {
  const parsed = CoinSchema.safeParse(text);
  if (!parsed.success) throw new Error(`unknown coin ${text}`);
  return parsed.data;
}

function toRateSource(text: string): RateSource {
  const parsed = RateSourceSchema.safeParse(text);
  if (!parsed.success) throw new Error(`unknown rate source ${text}`);
  return parsed.data;
}

function toDepositStatus(text: string): DepositStatus {
  const known = DEPOSIT_STATUSES.find((status) => status === text);
  if (!known) throw new Error(`unknown deposit status ${text}`);
  return known;
}

/** A coin amount in its smallest unit, as the deposit screens show it (6 decimals). */
function showCoinAmount(coin: Coin, baseUnits: string): string {
  return formatCoinAmount(BigInt(baseUnits), COIN_SPECS[coin].decimals, CRYPTO_DISPLAY_DECIMALS);
}

/** The rate of `coin` in USD and its source; PRICE_UNAVAILABLE when the market has no fresh price. */
function readRate(market: MarketService, coin: Coin): { rate: string; source: RateSource } {
  const symbol = COIN_SPECS[coin].usdSymbol;
  if (symbol === null) return { rate: USDT_RATE, source: 'fixed' };
  let quote: ReturnType<MarketService['requireQuote']>;
  try {
    quote = market.requireQuote(symbol);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw new AppError('PRICE_UNAVAILABLE', DEPOSIT_MESSAGES.priceUnavailable);
    }
    throw error;
  }
  if (quote.stale) throw new AppError('PRICE_UNAVAILABLE', DEPOSIT_MESSAGES.priceUnavailable);
  return { rate: quote.price, source: quote.source };
}

/**
 * Step 2: converts the customer's USD amount into `coin` at the current market rate (rounded up to
 * 6 decimals, so the coins sent always cover the dollars credited) and records the quote with the
 * platform's address for that coin. The quote lives DEPOSIT_QUOTE_SECONDS.
 */
export async function createDepositQuote(
  db: Db,
  market: MarketService,
  userId: string,
  input: CreateDepositQuoteRequest,
  now: Date,
): Promise<DepositQuote> {
  const spec = COIN_SPECS[input.coin];
  const address = await findWalletAddress(db, input.coin);
  if (!address) throw new AppError('WALLET_NOT_CONFIGURED', DEPOSIT_MESSAGES.walletMissing(spec.label));
  const { rate, source } = readRate(market, input.coin);
  const amountMinor = toMinorUnits(input.amount);
  const converted = convertUsdToCoin({
    amountCents: amountMinor,
    usdPerCoin: rate,
    coinDecimals: spec.decimals,
    quoteDecimals: CRYPTO_DISPLAY_DECIMALS,
  });
  if (!converted.ok) throw new AppError('PRICE_UNAVAILABLE', DEPOSIT_MESSAGES.priceUnavailable);
  const [quote] = await db
    .insert(depositQuotes)
    .values({
      userId,
      amountMinor,
      coin: input.coin,
      cryptoAmountBaseUnits: converted.value.toString(),
      rate,
      rateSource: source,
      address,
      expiresAt: new Date(now.getTime() + DEPOSIT_QUOTE_SECONDS * 1000),
      createdAt: now,
    })
    .returning();
  if (!quote) throw new Error('the deposit quote was not stored');
  return {
    id: quote.id,
    amount: formatDecimal(quote.amountMinor),
    coin: input.coin,
    cryptoAmount: showCoinAmount(input.coin, quote.cryptoAmountBaseUnits),
    rate: quote.rate,
    rateSource: source,
    address: quote.address,
    expiresAt: quote.expiresAt.toISOString(),
  };
}

/** Stores a proof of payment as a private file of its uploader. Call outside any transaction. */
export async function saveDepositProof(
  db: Db,
  storage: StorageBackend,
  userId: string,
  data: Buffer,
): Promise<DepositProof> {
  const file = await saveUpload(db, storage, { purpose: 'proof_of_payment', ownerUserId: userId, data });
  return { fileId: file.id, url: fileUrl(file.id) };
}

function toDeposit(row: DepositRow): Deposit {
  const coin = toCoin(row.coin);
  return {
    id: row.id,
    amount: formatDecimal(row.amountMinor),
    coin,
    cryptoAmount: showCoinAmount(coin, row.cryptoAmountBaseUnits),
    rate: row.rate,
    rateSource: toRateSource(row.rateSource),
    address: row.address,
    transactionHash: row.transactionHash,
    status: row.status,
    decisionReason: row.decisionReason,
    quoteExpiresAt: row.quoteExpiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * Step 3's Paid button: records a pending deposit from the customer's own quote and own proof,
 * copying the quote's amount, coin, crypto amount, rate, source, address and expiry. Refused after
 * the quote expired (QUOTE_EXPIRED) and when the quote already has a deposit. Runs in the caller's
 * transaction; the quote row is locked first, so two submissions on one quote take turns.
 */
export async function submitDeposit(
  tx: Db,
  userId: string,
  input: { quoteId: string; proofFileId: string; transactionHash?: string | undefined },
  now: Date,
): Promise<Deposit> {
  const [quote] = await tx
    .select()
    .from(depositQuotes)
    .where(eq(depositQuotes.id, input.quoteId))
    .for('update');
  if (!quote || quote.userId !== userId) throw new AppError('NOT_FOUND', DEPOSIT_MESSAGES.quoteNotFound);
  const [existing] = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(eq(deposits.quoteId, quote.id));
  if (existing) throw new AppError('CONFLICT', DEPOSIT_MESSAGES.alreadySubmitted);
  if (quote.expiresAt.getTime() <= now.getTime())
    throw new AppError('QUOTE_EXPIRED', DEPOSIT_MESSAGES.expired);

  const [proof] = await tx.select().from(files).where(eq(files.id, input.proofFileId));
  if (!proof || proof.ownerUserId !== userId || proof.purpose !== 'proof_of_payment') {
    throw new AppError('NOT_FOUND', DEPOSIT_MESSAGES.proofNotFound);
  }
  const [proofInUse] = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(eq(deposits.proofFileId, proof.id));
  if (proofInUse) throw new AppError('CONFLICT', DEPOSIT_MESSAGES.proofInUse);

  const [row] = await tx
    .insert(deposits)
    .values({
      userId,
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
    })
    .returning();
  if (!row) throw new Error('the deposit was not stored');
  return toDeposit(row);
}

/** The customer's own deposits, newest first (history). */
export async function listOwnDeposits(db: Db, userId: string, page: number): Promise<DepositPage> {
  const where = eq(deposits.userId, userId);
  const [counted] = await db.select({ total: count() }).from(deposits).where(where);
  const total = counted?.total ?? 0;
  const rows = await db
    .select()
    .from(deposits)
    .where(where)
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(DEPOSIT_PAGE_SIZE)
    .offset((page - 1) * DEPOSIT_PAGE_SIZE);
  return { items: rows.map(toDeposit), page, pageCount: pageCount(total, DEPOSIT_PAGE_SIZE), total };
}

/** The Deposit tab: every deposit, newest first, optionally only customers whose e-mail contains `search`. */
export async function listDeposits(
  db: Db,
  { page, search }: AdminDepositListQuery,
): Promise<AdminDepositPage> {
  const where = search ? ilike(users.email, containsPattern(search)) : undefined;
  const [counted] = await db
    .select({ total: count() })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(where);
  const total = counted?.total ?? 0;
  const rows = await db
    .select({ deposit: deposits, email: users.email })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(where)
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(DEPOSIT_PAGE_SIZE)
    .offset((page - 1) * DEPOSIT_PAGE_SIZE);
  return {
    items: rows.map(({ deposit, email }) => {
      const coin = toCoin(deposit.coin);
      return {
        id: deposit.id,
        userId: deposit.userId,
        email,
        amount: formatDecimal(deposit.amountMinor),
        coin,
        cryptoAmount: showCoinAmount(coin, deposit.cryptoAmountBaseUnits),
        status: deposit.status,
        createdAt: deposit.createdAt.toISOString(),
      };
    }),
    page,
    pageCount: pageCount(total, DEPOSIT_PAGE_SIZE),
    total,
  };
}

const deciders = alias(users, 'deciders');

/** A deposit with its customer, proof and decider, as /deposit/{id} shows it; NOT_FOUND otherwise. */
export async function requireAdminDeposit(db: Db, id: string): Promise<AdminDeposit> {
  const [row] = isUuid(id)
    ? await db
        .select({
          deposit: deposits,
          customer: { name: users.name, email: users.email },
          proof: { id: files.id, contentType: files.contentType },
          decider: { id: deciders.id, name: deciders.name },
        })
        .from(deposits)
        .innerJoin(users, eq(users.id, deposits.userId))
        .innerJoin(files, eq(files.id, deposits.proofFileId))
        .leftJoin(deciders, eq(deciders.id, deposits.decidedBy))
        .where(eq(deposits.id, id))
    : [];
  if (!row) throw new AppError('NOT_FOUND', DEPOSIT_MESSAGES.notFound);
  const { deposit, customer, proof, decider } = row;
  return {
    ...toDeposit(deposit),
    userId: deposit.userId,
    customerName: customer.name,
    customerEmail: customer.email,
    proof: { fileId: proof.id, url: fileUrl(proof.id), contentType: proof.contentType },
    decidedBy: deposit.decidedBy ? { id: deposit.decidedBy, name: decider?.name ?? deposit.decidedBy } : null,
  };
}

/**
 * Locks the deposit row and checks that it may move to `to`: NOT_FOUND for an unknown id,
 * ALREADY_DECIDED ("This deposit was already approved") once it is final.
 */
async function lockForDecision(tx: Db, id: string, to: DepositStatus): Promise<DepositRow> {
  const [row] = isUuid(id) ? await tx.select().from(deposits).where(eq(deposits.id, id)).for('update') : [];
  if (!row) throw new AppError('NOT_FOUND', DEPOSIT_MESSAGES.notFound);
  const move = checkTransition(DEPOSIT_NEXT, toDepositStatus(row.status), to);
  if (!move.ok) {
    throw move.error.code === 'ALREADY_DECIDED'
      ? new AppError('ALREADY_DECIDED', DEPOSIT_MESSAGES.alreadyDecided(move.error.from))
      : new AppError('INVALID_TRANSITION', `A ${move.error.from} deposit cannot be ${to}`);
  }
  return row;
}

/**
 * Approves a pending deposit inside the caller's transaction: credits the customer's cash with a
 * deposit ledger entry, records who decided and when, and audits it. Deciding twice, or twice at
 * once, credits once: the row lock makes the later decision see the first one and refuse.
 */
export async function approveDeposit(
  tx: Db,
  actor: AuditActor,
  id: string,
  now: Date,
): Promise<AdminDeposit> {
  const row = await lockForDecision(tx, id, 'approved');
  const coin = toCoin(row.coin);
  const [entry] = await postEntries(
    tx,
    [
      depositEntry({
        userId: row.userId,
        amount: row.amountMinor,
        depositId: row.id,
        methodLabel: COIN_SPECS[coin].label,
      }),
    ],
    actor,
  );
  if (!entry) throw new Error('the deposit entry was not posted');
  await tx
    .update(deposits)
    .set({ status: 'approved', decidedBy: actor.id, decidedAt: now, entryId: entry.id })
    .where(and(eq(deposits.id, row.id), eq(deposits.status, 'pending')));
  await recordAudit(tx, {
    actor,
    action: 'deposit.approve',
    targetType: 'deposit',
    targetId: row.id,
    before: { status: row.status },
    after: { status: 'approved', entryId: entry.id.toString(), amount: formatDecimal(row.amountMinor) },
  });
  return requireAdminDeposit(tx, row.id);
}

/** Rejects a pending deposit with a reason the customer reads in their history; no money moves. */
export async function rejectDeposit(
  tx: Db,
  actor: AuditActor,
  id: string,
  reason: string,
  now: Date,
): Promise<AdminDeposit> {
  const row = await lockForDecision(tx, id, 'rejected');
  await tx
    .update(deposits)
    .set({ status: 'rejected', decidedBy: actor.id, decidedAt: now, decisionReason: reason })
    .where(and(eq(deposits.id, row.id), eq(deposits.status, 'pending')));
  await recordAudit(tx, {
    actor,
    action: 'deposit.reject',
    targetType: 'deposit',
    targetId: row.id,
    reason,
    before: { status: row.status },
    after: { status: 'rejected' },
  });
  return requireAdminDeposit(tx, row.id);
}
