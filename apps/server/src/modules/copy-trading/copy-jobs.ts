import type { Quote } from '@candor/contracts/market';
import { computeCopySize } from '@candor/domain/copy/copy-sizing';
import { copyStopLossSkip } from '@candor/domain/copy/copy-stop-loss';
import type { InstrumentSpec } from '@candor/domain/market/instrument';
import { formatDecimal } from '@candor/domain/money/money';
import { computeTradeResult } from '@candor/domain/trading/trade-result';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { copyRelations, skippedCopies, strategyProviders } from '../../db/schema/copy-trading.ts';
import { trades } from '../../db/schema/trades.ts';
import { SYSTEM_ACTOR } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { MarketService } from '../../market/market.service.ts';
import { lockCustomerAccounts } from '../ledger/ledger.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { closeCopiedTrades } from '../trades/close-trade.service.ts';
import { insertPreparedTrades, type PreparedTrade, prepareTrade } from '../trades/open-trade.service.ts';
import {
  closingPriceAt,
  requireFreshQuote,
  requireLotSize,
  requireTradableInstrument,
} from '../trades/trade-inputs.ts';
import { findTradingTermsOfMany } from '../trades/trading-terms.ts';
import { COPY_CLOSE_JOB, COPY_OPEN_JOB, type CopyClosePayload, type CopyOpenPayload } from './copy-fanout.ts';
import { measureCopyLosses } from './copy-stop-loss.ts';

type Deps = { market: MarketService; mailer: Mailer; clock: Clock };
type Skip = { code: string; message: string };

function formatLot(hundredths: number): string {
  return (hundredths / 100).toFixed(2);
}

/**
 * Records skipped copies once each (per relation and provider trade), in one insert, and mails
 * each follower whose skip was new, once.
 */
async function recordSkips(
  tx: Db,
  mailer: Mailer,
  at: { providerTradeId: string; now: Date },
  skips: ReadonlyArray<{ relationId: string; followerUserId: string; skip: Skip }>,
): Promise<void> {
  if (skips.length === 0) return;
  const rows = await tx
    .insert(skippedCopies)
    .values(
      skips.map(({ relationId, followerUserId, skip }) => ({
        copyRelationId: relationId,
        providerTradeId: at.providerTradeId,
        followerUserId,
        reasonCode: skip.code,
        message: skip.message,
        skippedAt: at.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: skippedCopies.id });
  for (const row of rows) await mailSkip(tx, mailer, row.id);
}

/**
 * Tells the follower, in the job's own transaction (the mail is recorded with the skip, so it is
 * sent once): kept in their Messages, and with SMTP left for the mail delivery worker to send.
 */
async function mailSkip(tx: Db, mailer: Mailer, skipId: string): Promise<void> {
  const [found] = await tx
    .select({
      message: skippedCopies.message,
      symbol: trades.symbol,
      providerName: strategyProviders.displayName,
      email: users.email,
      name: users.name,
      userId: users.id,
    })
    .from(skippedCopies)
    .innerJoin(trades, eq(trades.id, skippedCopies.providerTradeId))
    .innerJoin(copyRelations, eq(copyRelations.id, skippedCopies.copyRelationId))
    .innerJoin(strategyProviders, eq(strategyProviders.id, copyRelations.providerId))
    .innerJoin(users, eq(users.id, skippedCopies.followerUserId))
    .where(eq(skippedCopies.id, skipId));
  if (!found) throw new Error('the skipped copy was recorded');
  const siteName = await readSiteName(tx);
  await mailer.queue(tx, {
    to: found.email,
    userId: found.userId,
    subject: `${siteName}: a copied trade was skipped`,
    text: [
      `Hello ${found.name},`,
      '',
      `${found.providerName}'s ${found.symbol} trade was not copied to your account. Copy skipped: ${found.message}`,
      '',
      'You keep copying their next trades.',
    ].join('\n'),
  });
}

/**
 * Copies one provider trade for a batch of relations, set-based: each relation that is still
 * active and has neither a copy nor a skip of this trade is locked (one query, in id order, so two
 * runs of the same job take turns), then the followers' accounts are locked with their balances
 * (one query), their trading terms read (two), each copy sized equity to equity (computeCopySize,
 * follower equity = cash + reserved) and priced at the market price of this moment under the
 * follower's own leverage and spread (prepareTrade), and all margins and rows stored at once
 * (insertPreparedTrades). A follower whose account is not active, whose copy is too small or not
 * covered, whose copy cannot open now (no price, an unknown instrument), or whose copy would reach
 * their copy stop-loss the moment it opens (copyStopLossSkip: its spread on top of the copies' loss
 * so far) is skipped, once.
 */
async function copyBatch(
  tx: Db,
  deps: Deps,
  now: Date,
  provider: { trade: typeof trades.$inferSelect; equityCents: bigint },
  relationIds: readonly string[],
): Promise<void> {
  const providerTrade = provider.trade;
  const relations = await lockUncopiedRelations(tx, providerTrade.id, relationIds);
  if (relations.length === 0) return;
  const skips: Array<{ relationId: string; followerUserId: string; skip: Skip }> = [];
  const skip = (relation: (typeof relations)[number], reason: Skip) =>
    skips.push({ relationId: relation.id, followerUserId: relation.followerUserId, skip: reason });
  const active = relations.filter((relation) => {
    if (relation.followerStatus === 'active') return true;
    skip(relation, { code: 'ACCOUNT_NOT_ACTIVE', message: 'Your account is not active.' });
    return false;
  });
  const followerIds = active.map((relation) => relation.followerUserId);
  const balances = balancesOf(await lockCustomerAccounts(tx, followerIds));
  const terms = await findTradingTermsOfMany(tx, followerIds, now);
  const losses = await measureCopyLosses(
    tx,
    deps.market,
    active.flatMap((relation) => (relation.copyStopLossMinor === null ? [] : [relation.id])),
  );
  const market = priceOf(deps.market, providerTrade.symbol);
  const prepared: PreparedTrade[] = [];
  for (const relation of active) {
    const followerTerms = terms.get(relation.followerUserId);
    if (!followerTerms) throw new Error("the follower's trading terms were read");
    const { available, reserved } = balances.get(relation.followerUserId) ?? { available: 0n, reserved: 0n };
    const size = computeCopySize({
      providerAmountCents: providerTrade.amountMinor,
      providerLotHundredths: providerTrade.lotHundredths,
      providerEquityCents: provider.equityCents,
      followerEquityCents: available + reserved,
      followerAvailableCents: available,
      followerMaxLeverage: followerTerms.maxLeverage,
    });
    if (!size.ok) {
      skip(relation, size.error);
      continue;
    }
    try {
      // Refused before anything is written: no price now, the instrument unknown, the lot size.
      const { spec, quote } = market();
      const lotHundredths = requireLotSize(formatLot(size.value.lotHundredths), followerTerms.maxLeverage);
      const trade = prepareTrade({
        spec,
        terms: followerTerms,
        quote,
        now,
        userId: relation.followerUserId,
        copy: { copiedFromTradeId: providerTrade.id, copyRelationId: relation.id },
        input: { direction: providerTrade.direction, amount: formatDecimal(size.value.amountCents) },
        lotHundredths,
      });
      const stopLoss = stopLossSkipOf(relation, losses.get(relation.id), trade, quote);
      if (stopLoss) {
        skip(relation, stopLoss);
        continue;
      }
      prepared.push(trade);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skip(relation, { code: error.code, message: error.message });
    }
  }
  // Every margin is within the available cash read under the accounts' locks (computeCopySize):
  // an INSUFFICIENT_FUNDS here is a broken invariant, and the job is retried.
  await insertPreparedTrades(tx, SYSTEM_ACTOR, prepared);
  await recordSkips(tx, deps.mailer, { providerTradeId: providerTrade.id, now }, skips);
}

/**
 * The batch's relations that are still active and have neither a copy nor a skip of the provider's
 * trade, locked FOR UPDATE in id order, with their follower's account status.
 */
async function lockUncopiedRelations(tx: Db, providerTradeId: string, relationIds: readonly string[]) {
  if (relationIds.length === 0) return [];
  return tx
    .select({
      id: copyRelations.id,
      followerUserId: copyRelations.followerUserId,
      copyStopLossMinor: copyRelations.copyStopLossMinor,
      followerStatus: users.status,
    })
    .from(copyRelations)
    .innerJoin(users, eq(users.id, copyRelations.followerUserId))
    .where(
      and(
        inArray(copyRelations.id, [...relationIds]),
        eq(copyRelations.status, 'active'),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(trades)
            .where(
              and(eq(trades.copiedFromTradeId, providerTradeId), eq(trades.copyRelationId, copyRelations.id)),
            ),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(skippedCopies)
            .where(
              and(
                eq(skippedCopies.providerTradeId, providerTradeId),
                eq(skippedCopies.copyRelationId, copyRelations.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(copyRelations.id)
    .for('update', { of: copyRelations });
}

/**
 * The skip of a copy that would reach its relation's stop-loss the moment it opens: its opening
 * result (closed at once, at the closing side of the same quote under its own spread) on top of the
 * relation's loss so far. None without a limit, or when the loss so far cannot be measured (an open
 * copy without a fresh price): the stop-loss monitor decides once prices are back.
 */
function stopLossSkipOf(
  relation: { copyStopLossMinor: bigint | null },
  loss: { realisedCents: bigint; unrealisedCents: bigint | null } | undefined,
  trade: PreparedTrade,
  quote: Quote,
) {
  if (relation.copyStopLossMinor === null || !loss || loss.unrealisedCents === null) return null;
  const { values } = trade;
  const openingResultCents = computeTradeResult({
    direction: values.direction,
    amountCents: values.amountMinor,
    lotHundredths: values.lotHundredths,
    openPrice: values.openPrice,
    closePrice: closingPriceAt(
      { ...values, spreadUnit: values.spreadUnit ?? null, spreadValue: values.spreadValue ?? null },
      quote.price,
    ).price,
  });
  return copyStopLossSkip({
    limitCents: relation.copyStopLossMinor,
    realisedCents: loss.realisedCents,
    unrealisedCents: loss.unrealisedCents,
    openingResultCents,
  });
}

/** Each customer's available (cash) and reserved balances, from their locked accounts. */
function balancesOf(
  accounts: ReadonlyArray<{ kind: string; userId: string | null; balanceMinor: bigint }>,
): Map<string, { available: bigint; reserved: bigint }> {
  const balances = new Map<string, { available: bigint; reserved: bigint }>();
  for (const account of accounts) {
    if (account.userId === null) continue;
    const figures = balances.get(account.userId) ?? { available: 0n, reserved: 0n };
    if (account.kind === 'customer_cash') figures.available = account.balanceMinor;
    if (account.kind === 'customer_reserved') figures.reserved = account.balanceMinor;
    balances.set(account.userId, figures);
  }
  return balances;
}

/** The instrument and its fresh quote, looked up once for the batch (a refusal is thrown each time). */
function priceOf(market: MarketService, symbol: string): () => { spec: InstrumentSpec; quote: Quote } {
  let found: { spec: InstrumentSpec; quote: Quote } | undefined;
  return () => {
    if (found) return found;
    const spec = requireTradableInstrument(market, symbol);
    found = { spec, quote: requireFreshQuote(market, spec.symbol) };
    return found;
  };
}

/** Registers the copy fan-out's job handlers (copy.open, copy.close). */
export function registerCopyJobs(jobs: JobQueue, deps: Deps): void {
  jobs.registerJobHandler<CopyOpenPayload>(COPY_OPEN_JOB, async ({ tx, payload }) => {
    const now = deps.clock();
    const [providerTrade] = await tx.select().from(trades).where(eq(trades.id, payload.providerTradeId));
    // Closed before its copies were made: there is nothing left to copy.
    if (providerTrade?.status !== 'open') return;
    const provider = { trade: providerTrade, equityCents: BigInt(payload.providerEquityCents) };
    await copyBatch(tx, deps, now, provider, payload.relationIds);
  });

  jobs.registerJobHandler<CopyClosePayload>(COPY_CLOSE_JOB, async ({ tx, payload }) => {
    const copies = await tx
      .select({ id: trades.id })
      .from(trades)
      .where(
        and(
          eq(trades.copiedFromTradeId, payload.providerTradeId),
          inArray(trades.copyRelationId, payload.relationIds),
          eq(trades.status, 'open'),
        ),
      );
    await closeCopiedTrades({
      tx,
      now: deps.clock(),
      market: deps.market,
      ids: copies.map((copy) => copy.id),
    });
  });
}
