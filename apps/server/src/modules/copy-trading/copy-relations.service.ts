import {
  COPY_TRADING_MESSAGES,
  type CopyActionResponse,
  type CopyRelation,
  describeMinimum,
  type MyCopyRelations,
  type StartCopyingRequest,
} from '@candor/contracts/copy-trading';
import { toMinorUnits } from '@candor/contracts/money';
import { computeCopyLoss } from '@candor/domain/copy/copy-stop-loss';
import { formatDecimal, formatPercentBps, formatUsd } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Command } from '../../lib/transactions.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { MarketService } from '../../market/market.service.ts';
import { lockCustomerAccounts } from '../ledger/ledger.repository.ts';
import { lockUserForShare } from '../users/users.repository.ts';
import { enqueueOpenPositionCopies } from './copy-fanout.ts';
import { selectOpenCopiesOf, selectRealisedByRelation } from './copy-stop-loss.repository.ts';
import { measureUnrealised } from './copy-stop-loss.ts';
import {
  endRelation,
  findActiveRelation,
  findRelationWithProvider,
  insertRelation,
  lockActiveRelation,
  lockProviderForShare,
  type RelationWithProvider,
  selectRelationsOfFollower,
} from './copy-trading.repository.ts';
import { imageUrlOf } from './copy-trading.service.ts';

/**
 * A follower's copy relations (issue 14 item 3): Copy, Cancel and "Your copies", each relation with
 * what its copies lost since it began (the copy stop-loss's measure).
 */

/** How many relations (active and past) a follower's list shows. */
const MY_RELATIONS_LIMIT = 50;

/** What a relation's copies have lost since it began (null: an open copy has no price now). */
type RelationLoss = { lossCents: bigint | null; openCopies: number };

/** A relation with its loss; a relation just started has none and no copy yet. */
function toRelation(
  { relation, provider }: RelationWithProvider,
  loss: RelationLoss = { lossCents: 0n, openCopies: 0 },
): CopyRelation {
  return {
    id: relation.id,
    provider: { id: provider.id, displayName: provider.displayName, imageUrl: imageUrlOf(provider) },
    status: relation.status,
    profitShare: formatPercentBps(relation.profitShareBps),
    copyStopLoss: relation.copyStopLossMinor === null ? null : formatDecimal(relation.copyStopLossMinor),
    copyLoss: loss.lossCents === null ? null : formatDecimal(loss.lossCents),
    openCopies: loss.openCopies,
    copiedOpenPositions: relation.copiedOpenPositions,
    startedAt: relation.startedAt.toISOString(),
    endedAt: relation.endedAt?.toISOString() ?? null,
    endReason: relation.endReason,
  };
}

/**
 * What each relation's copies lost since it began: the realised results of its closed copies and
 * its open copies' results at the executable price now (null when one of them has no price now).
 */
async function measureRelationLosses(
  db: Db,
  market: MarketService,
  rows: readonly RelationWithProvider[],
): Promise<RelationLoss[]> {
  const ids = rows.map((row) => row.relation.id);
  const [realised, open] = await Promise.all([
    selectRealisedByRelation(db, ids),
    selectOpenCopiesOf(db, ids),
  ]);
  return rows.map((row) => {
    const copies = open.filter((copy) => copy.copyRelationId === row.relation.id);
    const unrealised = measureUnrealised(market, copies);
    const realisedCents = realised.get(row.relation.id) ?? 0n;
    return {
      lossCents: unrealised === null ? null : computeCopyLoss({ realisedCents, unrealisedCents: unrealised }),
      openCopies: copies.length,
    };
  });
}

/** The follower's relations, newest first, each with what its copies lost since it began. */
export async function listMyRelations(
  db: Db,
  market: MarketService,
  userId: string,
): Promise<MyCopyRelations> {
  const rows = await selectRelationsOfFollower(db, userId, MY_RELATIONS_LIMIT);
  const losses = await measureRelationLosses(db, market, rows);
  return { items: rows.map((row, index) => toRelation(row, losses[index])) };
}

const CUSTOMERS_ONLY = 'Only customer accounts can copy traders.';

/**
 * Copy: the follower's total balance (available + reserved, from the ledger) must reach the
 * provider's minimum (it is not deducted); the provider must be active and not the follower; one
 * active relation per follower and provider. The follower's accounts are locked, so two racing
 * requests take turns and the second finds the first's relation. The relation keeps today's rate.
 * A copy stop-loss is at most that balance (the follower's equity). With `copyOpenPositions`, the
 * provider's open positions are copied too, at today's price (enqueueOpenPositionCopies).
 */
export async function startCopying({
  tx,
  actor,
  now,
  providerId,
  input,
}: Command<{ providerId: string; input: StartCopyingRequest }>): Promise<CopyActionResponse> {
  if (actor.role !== 'client') throw new AppError('FORBIDDEN', CUSTOMERS_ONLY);
  // Removal and changes of terms wait for this copy (and this copy sees a removal committed before).
  const provider = isUuid(providerId) ? await lockProviderForShare(tx, providerId) : undefined;
  if (!provider) throw new AppError('NOT_FOUND', COPY_TRADING_MESSAGES.notFound);
  if (provider.userId === actor.id) throw new AppError('VALIDATION_FAILED', COPY_TRADING_MESSAGES.copySelf);
  if (provider.status !== 'active') {
    throw new AppError('PROVIDER_NOT_ACTIVE', COPY_TRADING_MESSAGES.providerNotActive);
  }
  const follower = await lockUserForShare(tx, actor.id);
  if (follower?.status !== 'active')
    throw new AppError('ACCOUNT_INACTIVE', COPY_TRADING_MESSAGES.accountNotActive);
  // The role the access check read may be stale: a staff role given meanwhile has committed by now
  // (it holds this row's lock, docs/decisions/055), and staff do not copy.
  if (follower.role !== 'client') throw new AppError('FORBIDDEN', CUSTOMERS_ONLY);
  const accounts = await lockCustomerAccounts(tx, [actor.id]);
  if (await findActiveRelation(tx, actor.id, provider.id)) {
    throw new AppError('ALREADY_COPYING', COPY_TRADING_MESSAGES.alreadyCopying);
  }
  const total = accounts
    .filter((account) => account.kind === 'customer_cash' || account.kind === 'customer_reserved')
    .reduce((sum, account) => sum + account.balanceMinor, 0n);
  if (total < provider.minimumBalanceMinor) {
    throw new AppError('MINIMUM_BALANCE_NOT_MET', describeMinimum(provider.minimumBalanceMinor));
  }
  const copyStopLossMinor = input.copyStopLoss ? toMinorUnits(input.copyStopLoss) : null;
  if (copyStopLossMinor !== null && copyStopLossMinor > total) {
    throw new AppError('VALIDATION_FAILED', COPY_TRADING_MESSAGES.stopLossAboveEquity(formatUsd(total)));
  }
  const relation = await insertRelation(tx, {
    followerUserId: actor.id,
    providerId: provider.id,
    providerUserId: provider.userId,
    startedAt: now,
    profitShareBps: provider.profitShareBps,
    copyStopLossMinor,
    copiedOpenPositions: input.copyOpenPositions,
    status: 'active',
  });
  // Asked for: the provider's positions open now are copied by jobs of this transaction, at the
  // market price when each job runs (today's price, not the provider's).
  if (input.copyOpenPositions) await enqueueOpenPositionCopies(tx, relation);
  return { message: COPY_TRADING_MESSAGES.copied, relation: toRelation({ relation, provider }) };
}

/** Cancel: no further trades are copied; copied trades that are open stay open (the follower closes them). */
export async function cancelCopying({
  tx,
  actor,
  now,
  market,
  providerId,
}: Command<{ market: MarketService; providerId: string }>): Promise<CopyActionResponse> {
  const locked = isUuid(providerId) ? await lockActiveRelation(tx, actor.id, providerId) : undefined;
  if (!locked) throw new AppError('NOT_FOUND', COPY_TRADING_MESSAGES.notCopying);
  await endRelation(tx, locked.id, {
    status: 'cancelled',
    endedAt: now,
    endedBy: actor.id,
    endReason: 'cancelled',
  });
  const row = await findRelationWithProvider(tx, locked.id);
  const [loss] = await measureRelationLosses(tx, market, [row]);
  return { message: COPY_TRADING_MESSAGES.cancelled, relation: toRelation(row, loss) };
}
