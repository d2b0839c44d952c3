import { NO_SECOND_DECIDER } from '@candor/contracts/approvals';
import { COINS, type CoinAddresses } from '@candor/contracts/coins';
import {
  type UpdateWalletAddressesRequest,
  WALLET_MESSAGES,
  type WalletAddresses,
  type WalletChange,
} from '@candor/contracts/wallets';
import { isFourEyesOn } from '@candor/domain/approvals/approval-status';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ApprovedChange } from '../../lib/approved-change.ts';
import type { Command } from '../../lib/transactions.ts';
import { hasSecondDecider } from '../approvals/approval-deciders.ts';
import { toOneApproval } from '../approvals/approval-rows.ts';
import { findWaitingSettingChange } from '../approvals/approvals.repository.ts';
import { requestApproval } from '../approvals/request-approval.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { lockSiteSettings } from '../settings/settings.repository.ts';
import {
  listWalletAddressRows,
  lockWalletAddressRows,
  upsertWalletAddress,
  type WalletAddressRow,
} from './wallets.repository.ts';

/** The address of each coin in force (null: none). */
function addressesOf(rows: readonly WalletAddressRow[]): CoinAddresses {
  const byCoin = new Map(rows.map((row) => [row.coin, row.address]));
  return {
    bitcoin: byCoin.get('bitcoin') ?? null,
    ethereum: byCoin.get('ethereum') ?? null,
    usdt: byCoin.get('usdt') ?? null,
  };
}

function sameAddresses(a: CoinAddresses, b: CoinAddresses): boolean {
  return COINS.every((coin) => a[coin] === b[coin]);
}

/** The addresses in force (the time is that of the latest change), without a waiting change. */
function inForce(rows: readonly WalletAddressRow[]): Omit<WalletAddresses, 'pendingChange'> {
  const latest = rows.reduce<Date | null>(
    (max, row) => (max === null || row.updatedAt > max ? row.updatedAt : max),
    null,
  );
  return { ...addressesOf(rows), updatedAt: latest?.toISOString() ?? null };
}

/** The platform's deposit addresses, as the Payment tab shows them, and the change waiting, if any. */
export async function readWalletAddresses(db: Db): Promise<WalletAddresses> {
  const [rows, waiting] = await Promise.all([
    listWalletAddressRows(db),
    findWaitingSettingChange(db, 'wallet_change'),
  ]);
  return { ...inForce(rows), pendingChange: waiting ? await toOneApproval(db, waiting) : null };
}

/**
 * A staff member changes the deposit addresses, with a reason (docs/decisions/048). Four-eyes on
 * (threshold above 0): the change waits for a second staff member on the Approvals tab and customers
 * keep being shown the addresses in force. Off, or on with nobody else able to decide it (decision
 * 053): it is in force at once, the latter with `fourEyes: 'no_second_decider'` in the answer and
 * on the audit row.
 * One change waits at a time (409 AWAITING_SECOND_APPROVAL while one does); the addresses in force
 * answer 'unchanged' and record nothing. The settings row is locked first: saves, approvals of a
 * change and a change of the threshold take turns.
 */
export async function updateWalletAddresses({
  tx,
  actor,
  now,
  input,
}: Command<{ input: UpdateWalletAddressesRequest }>): Promise<WalletChange> {
  const settings = await lockSiteSettings(tx);
  if (await findWaitingSettingChange(tx, 'wallet_change')) {
    throw new AppError('AWAITING_SECOND_APPROVAL', WALLET_MESSAGES.changeWaiting);
  }
  const rows = await lockWalletAddressRows(tx);
  const before = addressesOf(rows);
  const after: CoinAddresses = { bitcoin: input.bitcoin, ethereum: input.ethereum, usdt: input.usdt };
  if (sameAddresses(before, after)) {
    return { state: 'unchanged', addresses: { ...inForce(rows), pendingChange: null }, fourEyes: null };
  }
  const fourEyesOn = isFourEyesOn(settings.fourEyesThresholdMinor);
  if (fourEyesOn && (await hasSecondDecider(tx, { kind: 'wallet_change', makerId: actor.id }))) {
    const approval = await requestApproval({
      tx,
      actor,
      now,
      kind: 'wallet_change',
      request: { before, after },
      reason: input.reason,
    });
    return {
      state: 'awaiting_approval',
      addresses: { ...inForce(rows), pendingChange: approval },
      fourEyes: null,
    };
  }
  const fourEyes = fourEyesOn ? NO_SECOND_DECIDER : null;
  const addresses = await putAddressesInForce({
    tx,
    actor,
    now,
    before,
    after,
    reason: input.reason,
    ...(fourEyes ? { auditDetails: { fourEyes } } : {}),
  });
  return { state: 'applied', addresses, fourEyes };
}

/**
 * Carries out an approved change (in the approval's transaction): `maker` asked for it with
 * `reason`, `approver` approved it. Refused (409, nothing changes, the request still waits) if the
 * addresses in force are no longer those the change was asked against: the checker approved a
 * change from those.
 */
export async function applyApprovedWalletChange({
  tx,
  maker,
  approver,
  now,
  before,
  after,
  reason,
  approvalId,
  approverReason,
}: ApprovedChange<CoinAddresses>): Promise<void> {
  const current = addressesOf(await lockWalletAddressRows(tx));
  if (!sameAddresses(current, before)) throw new AppError('CONFLICT', WALLET_MESSAGES.changedMeanwhile);
  await putAddressesInForce({
    tx,
    actor: maker,
    approver,
    now,
    before,
    after,
    reason,
    auditDetails: { approvalId, approverReason },
  });
}

/**
 * Sets the addresses that change (the form sets all three: `after` never drops one) and audits the
 * change ('wallets.update'): who made it, why, and who approved it with their reason under four-eyes.
 */
async function putAddressesInForce({
  tx,
  actor,
  approver,
  now,
  before,
  after,
  reason,
  auditDetails,
}: {
  tx: Db;
  actor: Actor;
  approver?: Actor;
  now: Date;
  before: CoinAddresses;
  after: CoinAddresses;
  reason: string;
  auditDetails?: Record<string, string>;
}): Promise<WalletAddresses> {
  for (const coin of COINS) {
    const address = after[coin];
    if (address !== null && address !== before[coin]) {
      await upsertWalletAddress(tx, { coin, address, updatedBy: actor.id, updatedAt: now });
    }
  }
  await recordAudit(tx, {
    actor,
    approver: approver ?? null,
    action: 'wallets.update',
    targetType: 'wallet_addresses',
    reason,
    before,
    after: { ...after, ...auditDetails },
  });
  return { ...inForce(await listWalletAddressRows(tx)), pendingChange: null };
}
