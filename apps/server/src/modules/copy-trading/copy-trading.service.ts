import {
  type AdminStrategyProvider,
  type AdminStrategyProviderList,
  COPY_TRADING_MESSAGES,
  type CreateStrategyProviderRequest,
  type MyProviderInvitation,
  type ProviderStatistics,
  type StrategyProviderCard,
  type StrategyProviderDetail,
  type StrategyProviderList,
  toProfitShareBps,
  type UpdateStrategyProviderRequest,
} from '@candor/contracts/copy-trading';
import { fileUrl } from '@candor/contracts/files';
import { toMinorUnits } from '@candor/contracts/money';
import { formatDecimal, formatPercentBps, formatUsd } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Command, Outbox } from '../../lib/transactions.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { MarketService } from '../../market/market.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findFileById } from '../storage/files.repository.ts';
import { saveUpload } from '../storage/files.service.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';
import { findUserByEmail, findUserById, lockUser } from '../users/users.repository.ts';
import {
  countFollowersAt,
  findActiveRelation,
  findLatestProviderOfUser,
  findOpenProviderOfUser,
  findProviderWithPeople,
  insertProvider,
  lockInvitationOfUser,
  lockProvider,
  type ProviderRow,
  type ProviderWithPeople,
  selectActiveProviderIdsOf,
  selectProviders,
  stopRelationsOfFollower,
  stopRelationsOfProvider,
  updateProvider,
} from './copy-trading.repository.ts';
import { buildProviderStatistics } from './provider-statistics.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type MailCommand<Input extends object = object> = Command<Input & { outbox: Outbox }>;

export function imageUrlOf(provider: ProviderRow): string | null {
  return provider.imageFileId ? fileUrl(provider.imageFileId) : null;
}

function toCard(
  row: ProviderWithPeople,
  viewerId: string,
  copying: ReadonlySet<string>,
  statistics: Pick<ProviderStatistics, 'returnRate30d' | 'openPositions'>,
): StrategyProviderCard {
  return {
    id: row.provider.id,
    displayName: row.provider.displayName,
    imageUrl: imageUrlOf(row.provider),
    minimumBalance: formatDecimal(row.provider.minimumBalanceMinor),
    profitShare: formatPercentBps(row.provider.profitShareBps),
    followers: row.followers,
    returnRate30d: statistics.returnRate30d,
    copying: copying.has(row.provider.id),
    isMe: row.provider.userId === viewerId,
    openPositions: statistics.openPositions.length,
  };
}

function toAdminProvider(row: ProviderWithPeople): AdminStrategyProvider {
  const { provider } = row;
  return {
    id: provider.id,
    userId: provider.userId,
    email: row.email,
    displayName: provider.displayName,
    imageUrl: imageUrlOf(provider),
    minimumBalance: formatDecimal(provider.minimumBalanceMinor),
    profitShare: formatPercentBps(provider.profitShareBps),
    status: provider.status,
    followers: row.followers,
    createdAt: provider.createdAt.toISOString(),
    respondedAt: provider.respondedAt?.toISOString() ?? null,
    removedAt: provider.removedAt?.toISOString() ?? null,
    removalReason: provider.removalReason,
  };
}

/** The audit record of a provider's terms. */
function auditedTerms(provider: ProviderRow) {
  return {
    displayName: provider.displayName,
    status: provider.status,
    minimumBalance: formatDecimal(provider.minimumBalanceMinor),
    profitShare: formatPercentBps(provider.profitShareBps),
  };
}

async function requireAdminProvider(db: Db, id: string): Promise<AdminStrategyProvider> {
  const row = isUuid(id) ? await findProviderWithPeople(db, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND', COPY_TRADING_MESSAGES.notFound);
  return toAdminProvider(row);
}

// ---------- staff ----------

/** Stores a trader's profile image (public, like profile pictures) before ADD TRADER names it. */
export async function uploadTraderImage(db: Db, storage: StorageBackend, data: Buffer) {
  const file = await saveUpload(db, storage, { purpose: 'trader_picture', ownerUserId: null, data });
  return { fileId: file.id, imageUrl: fileUrl(file.id) };
}

export async function listAdminProviders(db: Db): Promise<AdminStrategyProviderList> {
  const rows = await selectProviders(db, ['invited', 'active', 'declined', 'removed']);
  return { items: rows.map(toAdminProvider) };
}

/**
 * ADD TRADER: makes an existing active customer account (found by e-mail) a strategy provider,
 * `invited` until the customer accepts: nobody can copy it before. Audited; the customer is told by
 * mail (kept in their Messages).
 */
export async function createStrategyProvider({
  tx,
  actor,
  now,
  outbox,
  input,
}: MailCommand<{ input: CreateStrategyProviderRequest }>): Promise<AdminStrategyProvider> {
  const found = await findUserByEmail(tx, input.email.toLowerCase());
  if (!found) throw new AppError('NOT_FOUND', COPY_TRADING_MESSAGES.customerNotFound);
  if (found.role !== 'client') throw new AppError('VALIDATION_FAILED', COPY_TRADING_MESSAGES.notACustomer);
  // Two ADD TRADERs for one account take turns; a close or suspension committed meanwhile is seen.
  const user = await lockUser(tx, found.id);
  if (user?.status !== 'active') throw new AppError('CONFLICT', COPY_TRADING_MESSAGES.accountNotActive);
  const open = await findOpenProviderOfUser(tx, user.id);
  if (open) {
    throw new AppError(
      'CONFLICT',
      open.status === 'invited'
        ? COPY_TRADING_MESSAGES.alreadyInvited
        : COPY_TRADING_MESSAGES.alreadyProvider,
    );
  }
  const image = isUuid(input.imageFileId) ? await findFileById(tx, input.imageFileId) : undefined;
  if (image?.purpose !== 'trader_picture') {
    throw new AppError('VALIDATION_FAILED', COPY_TRADING_MESSAGES.imageNotFound);
  }
  const provider = await insertProvider(tx, {
    userId: user.id,
    displayName: input.displayName,
    imageFileId: image.id,
    minimumBalanceMinor: toMinorUnits(input.minimumBalance),
    profitShareBps: toProfitShareBps(input.profitShare),
    status: 'invited',
    createdBy: actor.id,
    createdAt: now,
    updatedAt: now,
  });
  await recordAudit(tx, {
    actor,
    action: 'copytrading.provider.create',
    targetType: 'strategy_provider',
    targetId: provider.id,
    subjectUserId: user.id,
    before: null,
    after: auditedTerms(provider),
  });
  outbox.queue({
    to: user.email,
    userId: user.id,
    subject: 'You were made a strategy provider',
    text:
      `Hello ${user.name},\n\nYou were invited to be a strategy provider named "${provider.displayName}". ` +
      `Other customers could copy your trades: those with at least ${formatUsd(provider.minimumBalanceMinor)} ` +
      `would pay you ${formatPercentBps(provider.profitShareBps)}% of the profit their copies make above their ` +
      'previous best.\n\nNobody can copy you until you accept. Open the Copy Expert page to accept or decline.',
  });
  return requireAdminProvider(tx, provider.id);
}

/** Changes a provider's minimum balance and profit share (audited); followers keep the rate they started with. */
export async function updateStrategyProvider({
  tx,
  actor,
  now,
  id,
  input,
}: Command<{ id: string; input: UpdateStrategyProviderRequest }>): Promise<AdminStrategyProvider> {
  const provider = isUuid(id) ? await lockProvider(tx, id) : undefined;
  if (!provider) throw new AppError('NOT_FOUND', COPY_TRADING_MESSAGES.notFound);
  if (provider.status === 'removed' || provider.status === 'declined') {
    throw new AppError('INVALID_TRANSITION', COPY_TRADING_MESSAGES.providerNotActive);
  }
  const change = {
    minimumBalanceMinor: toMinorUnits(input.minimumBalance),
    profitShareBps: toProfitShareBps(input.profitShare),
    updatedAt: now,
  };
  await updateProvider(tx, provider.id, change);
  await recordAudit(tx, {
    actor,
    action: 'copytrading.provider.update',
    targetType: 'strategy_provider',
    targetId: provider.id,
    subjectUserId: provider.userId,
    reason: input.reason?.trim() || null,
    before: auditedTerms(provider),
    after: auditedTerms({ ...provider, ...change }),
  });
  return requireAdminProvider(tx, provider.id);
}

/**
 * Delete trader: the provider is removed and every active copy stops ("provider removed"). Copied
 * trades that are open stay open for their followers. Audited with the reason; every follower and
 * the provider are told by mail.
 */
export async function removeStrategyProvider({
  tx,
  actor,
  now,
  outbox,
  id,
  reason,
}: MailCommand<{ id: string; reason: string }>): Promise<AdminStrategyProvider> {
  const provider = isUuid(id) ? await lockProvider(tx, id) : undefined;
  if (!provider) throw new AppError('NOT_FOUND', COPY_TRADING_MESSAGES.notFound);
  if (provider.status === 'removed') {
    throw new AppError('ALREADY_DECIDED', 'This trader was already deleted.');
  }
  await removeLockedProvider({ tx, actor, now, outbox, provider, reason });
  return requireAdminProvider(tx, provider.id);
}

/**
 * Removes a locked provider (not removed yet): status `removed`, its active relations stopped
 * ("provider removed"), audited, its followers told and, unless its account is closed, the provider.
 */
async function removeLockedProvider({
  tx,
  actor,
  now,
  outbox,
  provider,
  reason,
}: MailCommand<{ provider: ProviderRow; reason: string }>): Promise<void> {
  await updateProvider(tx, provider.id, {
    status: 'removed',
    removedAt: now,
    removedBy: actor.id,
    removalReason: reason,
    updatedAt: now,
  });
  const stopped = await stopRelationsOfProvider(tx, provider.id, {
    status: 'stopped',
    endedAt: now,
    endedBy: actor.id,
    endReason: 'provider_removed',
  });
  await recordAudit(tx, {
    actor,
    action: 'copytrading.provider.remove',
    targetType: 'strategy_provider',
    targetId: provider.id,
    subjectUserId: provider.userId,
    reason,
    before: auditedTerms(provider),
    after: { status: 'removed', copiesStopped: stopped.length },
  });
  for (const follower of stopped) {
    outbox.queue({
      to: follower.email,
      userId: follower.userId,
      subject: `You no longer copy ${provider.displayName}`,
      text:
        `Hello ${follower.name},\n\n${provider.displayName} is no longer a strategy provider, so copying ` +
        'stopped: no new trades will be copied. Copied trades that are open stay open; you can close them ' +
        'on the Market page.',
    });
  }
  const owner = await findUserById(tx, provider.userId);
  if (owner && owner.status !== 'closed') {
    outbox.queue({
      to: owner.email,
      userId: owner.id,
      subject: 'You are no longer a strategy provider',
      text: `Hello ${owner.name},\n\nYou are no longer a strategy provider ("${provider.displayName}"). Nobody copies your trades any more.\n\nReason: ${reason}`,
    });
  }
}

/** The reason recorded when a provider is removed because its account was closed. */
export const ACCOUNT_CLOSED_REMOVAL_REASON = 'The account was closed.';

/**
 * An account is being closed (in its close's transaction, after the account is marked closed): its
 * active relations as a follower stop ("account_closed"), and when it is an invited or active
 * strategy provider, the provider is removed as delete trader does (followers told; the closed
 * account is not). Answers how many relations stopped as follower, and whether a provider was removed.
 */
export async function endCopyingOfClosedAccount({
  tx,
  actor,
  now,
  outbox,
  userId,
}: MailCommand<{ userId: string }>): Promise<{ followed: number; providerRemoved: boolean }> {
  const followed = await stopRelationsOfFollower(tx, userId, {
    status: 'stopped',
    endedAt: now,
    endedBy: actor.id,
    endReason: 'account_closed',
  });
  const open = await findOpenProviderOfUser(tx, userId);
  const provider = open ? await lockProvider(tx, open.id) : undefined;
  if (provider?.status !== 'invited' && provider?.status !== 'active') {
    return { followed, providerRemoved: false };
  }
  await removeLockedProvider({ tx, actor, now, outbox, provider, reason: ACCOUNT_CLOSED_REMOVAL_REASON });
  return { followed, providerRemoved: true };
}

// ---------- the provider (invitation) ----------

export async function readMyInvitation(db: Db, userId: string): Promise<MyProviderInvitation> {
  const provider = await findLatestProviderOfUser(db, userId);
  if (!provider) return { invitation: null };
  return {
    invitation: {
      id: provider.id,
      displayName: provider.displayName,
      imageUrl: imageUrlOf(provider),
      minimumBalance: formatDecimal(provider.minimumBalanceMinor),
      profitShare: formatPercentBps(provider.profitShareBps),
      status: provider.status,
      createdAt: provider.createdAt.toISOString(),
    },
  };
}

/** The invited customer accepts (copyable from now on) or declines (never copyable; staff may invite again). */
export async function answerInvitation({
  tx,
  actor,
  now,
  accept,
}: Command<{ accept: boolean }>): Promise<MyProviderInvitation> {
  const provider = await lockInvitationOfUser(tx, actor.id);
  if (!provider) throw new AppError('NOT_FOUND', COPY_TRADING_MESSAGES.notInvited);
  await updateProvider(tx, provider.id, {
    status: accept ? 'active' : 'declined',
    respondedAt: now,
    updatedAt: now,
  });
  return readMyInvitation(tx, actor.id);
}

// ---------- followers ----------

/**
 * The trader cards, each with its 30-day time-weighted return computed from the provider's ledger
 * and trades (two queries per provider: fine for a page of cards; a cached daily series would
 * replace it if the list grows long).
 */
export async function listProviderCards(
  db: Db,
  market: MarketService,
  viewer: Actor,
  now: Date,
): Promise<StrategyProviderList> {
  const [rows, copying] = await Promise.all([
    selectProviders(db, ['active']),
    selectActiveProviderIdsOf(db, viewer.id),
  ]);
  const items: StrategyProviderCard[] = [];
  for (const row of rows) {
    const statistics = await buildProviderStatistics(db, market, row.provider.userId, now);
    items.push(toCard(row, viewer.id, copying, statistics));
  }
  return { items };
}

/**
 * The provider page: the card, account age, followers over the last 7 days and the statistics
 * computed from the provider's ledger and trades (provider-statistics.ts).
 */
export async function readProviderDetail(
  db: Db,
  market: MarketService,
  viewer: Actor,
  id: string,
  now: Date,
): Promise<StrategyProviderDetail> {
  const row = isUuid(id) ? await findProviderWithPeople(db, id) : undefined;
  if (row?.provider.status !== 'active') throw new AppError('NOT_FOUND', COPY_TRADING_MESSAGES.notFound);
  const copying = (await findActiveRelation(db, viewer.id, row.provider.id))
    ? new Set([row.provider.id])
    : new Set<string>();
  // The end of each of the last 6 UTC days, then now.
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const instants = [6, 5, 4, 3, 2, 1].map((back) => new Date(today - (back - 1) * DAY_MS - 1));
  instants.push(now);
  const [counts, statistics] = await Promise.all([
    countFollowersAt(db, row.provider.id, instants),
    buildProviderStatistics(db, market, row.provider.userId, now),
  ]);
  return {
    ...toCard(row, viewer.id, copying, statistics),
    accountOpenedAt: row.accountOpenedAt.toISOString(),
    providerSince: row.provider.respondedAt?.toISOString() ?? null,
    followersTrend: instants.map((at, index) => ({
      date: at.toISOString().slice(0, 10),
      followers: counts[index] ?? 0,
    })),
    statistics,
  };
}
