import { computeCopyLoss, isCopyStopLossReached } from '@candor/domain/copy/copy-stop-loss';
import { formatUsd } from '@candor/domain/money/money';
import { computeTradeResult } from '@candor/domain/trading/trade-result';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { copyRelations, strategyProviders } from '../../db/schema/copy-trading.ts';
import { SYSTEM_ACTOR } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { MarketService } from '../../market/market.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { closeCopiedTrades } from '../trades/close-trade.service.ts';
import { closingPriceAt } from '../trades/trade-inputs.ts';
import { COPY_STOP_LOSS_JOB, type CopyStopLossPayload } from './copy-fanout.ts';
import {
  lockOpenCopiesOf,
  type OpenCopy,
  selectOpenCopiesOf,
  selectRealisedByRelation,
} from './copy-stop-loss.repository.ts';
import { endRelation } from './copy-trading.repository.ts';

/**
 * The copy stop-loss (issue 14 item 3): when a relation's copies have lost its limit since copying
 * began (realised results of its closed copies + its open copies' results at the executable price
 * now), every open copy closes at market and the relation stops ("stop_loss"); the follower is told.
 * Checked by a job after each close of a copy (copy-fanout.ts) and by the monitor on price ticks
 * (copy-stop-loss-monitor.ts); both decide in `enforceCopyStopLoss`, under the relation's lock.
 */

/**
 * The open copies' results if they closed now (each at its closing side of the fresh mid, under its
 * own spread), in cents; null when one of them has no fresh price (nothing can be decided then).
 */
export function measureUnrealised(
  market: Pick<MarketService, 'findFreshQuote'>,
  copies: readonly OpenCopy[],
): bigint | null {
  let sum = 0n;
  for (const copy of copies) {
    const quote = market.findFreshQuote(copy.symbol);
    if (!quote) return null;
    sum += computeTradeResult({
      direction: copy.direction,
      amountCents: copy.amountMinor,
      lotHundredths: copy.lotHundredths,
      openPrice: copy.openPrice,
      closePrice: closingPriceAt(copy, quote.price).price,
    });
  }
  return sum;
}

/**
 * The copies' loss so far of each relation (its closed copies' results and its open copies' results
 * at the executable price now), for the copy fan-out to check a new copy against the relation's
 * stop-loss (`copyStopLossSkip`). A relation with an open copy that has no fresh price has no
 * unrealised figure (null): nothing can be decided for it then, as in `enforceCopyStopLoss`.
 */
export async function measureCopyLosses(
  tx: Db,
  market: Pick<MarketService, 'findFreshQuote'>,
  relationIds: readonly string[],
): Promise<Map<string, { realisedCents: bigint; unrealisedCents: bigint | null }>> {
  const [realised, open] = await Promise.all([
    selectRealisedByRelation(tx, relationIds),
    selectOpenCopiesOf(tx, relationIds),
  ]);
  return new Map(
    relationIds.map((id) => [
      id,
      {
        realisedCents: realised.get(id) ?? 0n,
        unrealisedCents: measureUnrealised(
          market,
          open.filter((copy) => copy.copyRelationId === id),
        ),
      },
    ]),
  );
}

/**
 * Decides one relation's copy stop-loss, exactly once: the relation is locked, then its open copies
 * (in id order), then the loss is measured again. When reached: the relation stops with
 * "stop_loss" (so no copy job opens anything for it after), every open copy closes at market
 * (closer `copy_stop_loss`, through the copies' own close path: ledger, high-water mark), and the
 * follower's mail is recorded in this transaction. Answers whether it fired; a relation already
 * ended, without a limit, below it, or with an open copy that has no price now, is left alone.
 */
export async function enforceCopyStopLoss(
  tx: Db,
  deps: { market: MarketService; mailer: Mailer },
  relationId: string,
  now: Date,
): Promise<boolean> {
  const [relation] = await tx
    .select()
    .from(copyRelations)
    .where(eq(copyRelations.id, relationId))
    .for('update');
  if (relation?.status !== 'active' || relation.copyStopLossMinor === null) return false;
  const open = await lockOpenCopiesOf(tx, relationId);
  const realised = (await selectRealisedByRelation(tx, [relationId])).get(relationId) ?? 0n;
  const unrealised = measureUnrealised(deps.market, open);
  if (unrealised === null) return false;
  const limitCents = relation.copyStopLossMinor;
  if (!isCopyStopLossReached({ limitCents, realisedCents: realised, unrealisedCents: unrealised })) {
    return false;
  }
  await endRelation(tx, relationId, {
    status: 'stopped',
    endedAt: now,
    endedBy: SYSTEM_ACTOR.id,
    endReason: 'stop_loss',
  });
  await closeCopiedTrades({
    tx,
    now,
    market: deps.market,
    ids: open.map((copy) => copy.id),
    closedBy: 'copy_stop_loss',
  });
  const closedAll = (await selectRealisedByRelation(tx, [relationId])).get(relationId) ?? 0n;
  await mailStopLoss(tx, deps.mailer, {
    relationId,
    limitCents,
    lossCents: computeCopyLoss({ realisedCents: closedAll, unrealisedCents: 0n }),
    closed: open.length,
  });
  return true;
}

async function mailStopLoss(
  tx: Db,
  mailer: Mailer,
  fired: { relationId: string; limitCents: bigint; lossCents: bigint; closed: number },
): Promise<void> {
  const [found] = await tx
    .select({
      providerName: strategyProviders.displayName,
      email: users.email,
      name: users.name,
      userId: users.id,
    })
    .from(copyRelations)
    .innerJoin(strategyProviders, eq(strategyProviders.id, copyRelations.providerId))
    .innerJoin(users, eq(users.id, copyRelations.followerUserId))
    .where(eq(copyRelations.id, fired.relationId));
  if (!found) throw new Error('the stopped relation has its follower and provider');
  const siteName = await readSiteName(tx);
  const closed =
    fired.closed === 0
      ? 'No copied trade was open.'
      : `${fired.closed === 1 ? 'Your open copied trade was' : `Your ${fired.closed} open copied trades were`} closed at the market price.`;
  await mailer.queue(tx, {
    to: found.email,
    userId: found.userId,
    subject: `${siteName}: copy stop-loss reached, you no longer copy ${found.providerName}`,
    text: [
      `Hello ${found.name},`,
      '',
      `Your copies of ${found.providerName} lost ${formatUsd(fired.lossCents)} since you started copying, ` +
        `reaching your copy stop-loss of ${formatUsd(fired.limitCents)}. ${closed} Copying stopped: no new ` +
        'trades will be copied.',
      '',
      'You can start copying again on the Copy Expert page.',
    ].join('\n'),
  });
}

/** Registers the job that checks a relation's copy stop-loss after one of its copies closed. */
export function registerCopyStopLossJob(
  jobs: JobQueue,
  deps: { market: MarketService; mailer: Mailer; clock: Clock },
): void {
  jobs.registerJobHandler<CopyStopLossPayload>(COPY_STOP_LOSS_JOB, async ({ tx, payload }) => {
    await enforceCopyStopLoss(tx, deps, payload.relationId, deps.clock());
  });
}
