import { computeCopySize } from '@candor/domain/copy/copy-sizing';
import { formatDecimal } from '@candor/domain/money/money';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { copyRelations, skippedCopies, strategyProviders } from '../../db/schema/copy-trading.ts';
import { trades } from '../../db/schema/trades.ts';
import { SYSTEM_ACTOR } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { MarketService } from '../../market/market.service.ts';
import { lockCustomerAccounts, selectBalanceFigures } from '../ledger/ledger.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { closeCopiedTrade } from '../trades/close-trade.service.ts';
import { placeTrade } from '../trades/open-trade.service.ts';
import { findTradingTerms } from '../trades/trading-terms.ts';
import { COPY_CLOSE_JOB, COPY_OPEN_JOB, type CopyClosePayload, type CopyOpenPayload } from './copy-fanout.ts';

type Deps = { market: MarketService; mailer: Mailer; clock: Clock };
type Skip = { code: string; message: string };

function formatLot(hundredths: number): string {
  return (hundredths / 100).toFixed(2);
}

/** Records a skipped copy once (per relation and provider trade) and mails the follower, once. */
async function recordSkip(
  tx: Db,
  mailer: Mailer,
  at: { relationId: string; providerTradeId: string; followerUserId: string; now: Date },
  skip: Skip,
): Promise<void> {
  const [row] = await tx
    .insert(skippedCopies)
    .values({
      copyRelationId: at.relationId,
      providerTradeId: at.providerTradeId,
      followerUserId: at.followerUserId,
      reasonCode: skip.code,
      message: skip.message,
      skippedAt: at.now,
    })
    .onConflictDoNothing()
    .returning({ id: skippedCopies.id });
  if (row) await mailSkip(tx, mailer, row.id);
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
 * Copies one provider trade for one relation, unless it already was (copied or skipped): equity to
 * equity (computeCopySize, follower equity = cash + reserved), opened by the system at the market
 * price of this moment under the follower's own leverage and spread.
 */
async function copyOne(
  tx: Db,
  deps: Deps,
  now: Date,
  provider: { trade: typeof trades.$inferSelect; equityCents: bigint },
  relationId: string,
): Promise<void> {
  // The relation's lock keeps two runs of the same job from copying at once.
  const [relation] = await tx
    .select()
    .from(copyRelations)
    .where(eq(copyRelations.id, relationId))
    .for('update');
  // A relation ended since the job was added gets no new copy.
  if (relation?.status !== 'active') return;
  const providerTrade = provider.trade;
  const [copied] = await tx
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.copiedFromTradeId, providerTrade.id), eq(trades.copyRelationId, relationId)));
  if (copied) return;
  const at = { relationId, providerTradeId: providerTrade.id, followerUserId: relation.followerUserId, now };
  const [follower] = await tx
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, relation.followerUserId));
  if (follower?.status !== 'active') {
    await recordSkip(tx, deps.mailer, at, {
      code: 'ACCOUNT_NOT_ACTIVE',
      message: 'Your account is not active.',
    });
    return;
  }
  await lockCustomerAccounts(tx, [relation.followerUserId]);
  const terms = await findTradingTerms(tx, relation.followerUserId, now);
  const { available, reserved } = await selectBalanceFigures(tx, relation.followerUserId);
  const size = computeCopySize({
    providerAmountCents: providerTrade.amountMinor,
    providerLotHundredths: providerTrade.lotHundredths,
    providerEquityCents: provider.equityCents,
    followerEquityCents: available + reserved,
    followerAvailableCents: available,
    followerMaxLeverage: terms.maxLeverage,
  });
  if (!size.ok) {
    await recordSkip(tx, deps.mailer, at, size.error);
    return;
  }
  try {
    await placeTrade({
      tx,
      actor: SYSTEM_ACTOR,
      now,
      market: deps.market,
      userId: relation.followerUserId,
      input: {
        symbol: providerTrade.symbol,
        direction: providerTrade.direction,
        amount: formatDecimal(size.value.amountCents),
        lotSize: formatLot(size.value.lotHundredths),
      },
      copy: { copiedFromTradeId: providerTrade.id, copyRelationId: relationId },
    });
  } catch (error) {
    // Refused before anything was written (no price now, the instrument closed, not enough cash).
    if (!(error instanceof AppError)) throw error;
    await recordSkip(tx, deps.mailer, at, { code: error.code, message: error.message });
  }
}

/** Registers the copy fan-out's job handlers (copy.open, copy.close). */
export function registerCopyJobs(jobs: JobQueue, deps: Deps): void {
  jobs.registerJobHandler<CopyOpenPayload>(COPY_OPEN_JOB, async ({ tx, payload }) => {
    const now = deps.clock();
    const [providerTrade] = await tx.select().from(trades).where(eq(trades.id, payload.providerTradeId));
    // Closed before its copies were made: there is nothing left to copy.
    if (providerTrade?.status !== 'open') return;
    const provider = { trade: providerTrade, equityCents: BigInt(payload.providerEquityCents) };
    for (const relationId of payload.relationIds) await copyOne(tx, deps, now, provider, relationId);
  });

  jobs.registerJobHandler<CopyClosePayload>(COPY_CLOSE_JOB, async ({ tx, payload }) => {
    const now = deps.clock();
    for (const relationId of payload.relationIds) {
      const [copy] = await tx
        .select({ id: trades.id })
        .from(trades)
        .where(
          and(
            eq(trades.copiedFromTradeId, payload.providerTradeId),
            eq(trades.copyRelationId, relationId),
            eq(trades.status, 'open'),
          ),
        );
      if (copy) await closeCopiedTrade({ tx, now, market: deps.market, id: copy.id });
    }
  });
}
