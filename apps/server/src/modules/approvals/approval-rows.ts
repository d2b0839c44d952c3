import {
  type Approval,
  type ApprovalPerson,
  type DeskTradeBooking,
  DeskTradeBookingSchema,
  type IdentityRuleChangeRequest,
  IdentityRuleChangeRequestSchema,
  type LimitsChangeRequest,
  LimitsChangeRequestSchema,
  type ThresholdChangeRequest,
  ThresholdChangeRequestSchema,
  type WaitingApproval,
  type WalletChangeRequest,
  WalletChangeRequestSchema,
} from '@candor/contracts/approvals';
import { formatDecimal } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import { type ApprovalPersonRow, type ApprovalRow, selectApprovalPeople } from './approvals.repository.ts';

/** The adjustment an approval carries out, as its maker asked for it (stored in `request`). */
export type AdjustmentRequest = { direction: 'credit' | 'debit'; reason: string };

export function adjustmentRequestOf(row: ApprovalRow): AdjustmentRequest {
  const request = row.request as Partial<AdjustmentRequest> | null;
  if (!request || (request.direction !== 'credit' && request.direction !== 'debit')) {
    throw new Error(`approval ${row.id} has no adjustment request`);
  }
  return { direction: request.direction, reason: request.reason ?? row.makerReason };
}

/** The addresses a wallet change replaces and sets (stored in `request`). */
export function walletChangeRequestOf(row: ApprovalRow): WalletChangeRequest {
  const parsed = WalletChangeRequestSchema.safeParse(row.request);
  if (!parsed.success) throw new Error(`approval ${row.id} has no wallet change request`);
  return parsed.data;
}

/** The four-eyes threshold a threshold change replaces and sets, in dollars (stored in `request`). */
export function thresholdChangeRequestOf(row: ApprovalRow): ThresholdChangeRequest {
  const parsed = ThresholdChangeRequestSchema.safeParse(row.request);
  if (!parsed.success) throw new Error(`approval ${row.id} has no threshold change request`);
  return parsed.data;
}

/** The value of "withdrawals need a verified identity" before and after (kind identity_for_withdrawals). */
export function identityRuleChangeRequestOf(row: ApprovalRow): IdentityRuleChangeRequest {
  const parsed = IdentityRuleChangeRequestSchema.safeParse(row.request);
  if (!parsed.success) throw new Error(`approval ${row.id} has no identity rule change request`);
  return parsed.data;
}

/** The unverified account limits before and after (kind unverified_limits). */
export function limitsChangeRequestOf(row: ApprovalRow): LimitsChangeRequest {
  const parsed = LimitsChangeRequestSchema.safeParse(row.request);
  if (!parsed.success) throw new Error(`approval ${row.id} has no limits change request`);
  return parsed.data;
}

/** The desk booking a desk_trade approval proposes once approved (stored in `request`). */
export function deskTradeRequestOf(row: ApprovalRow): DeskTradeBooking {
  const parsed = DeskTradeBookingSchema.safeParse(row.request);
  if (!parsed.success) throw new Error(`approval ${row.id} has no desk trade booking`);
  return parsed.data;
}

/** The amount a money request moves (an adjustment, a withdrawal approval: the database checks it). */
export function amountOf(row: ApprovalRow): bigint {
  if (row.amountMinor === null) throw new Error(`approval ${row.id} names no amount`);
  return row.amountMinor;
}

/** An undecided request as its decision's audit row names it in `before` (rejected or expired). */
export function approvalAuditBefore(row: ApprovalRow) {
  return {
    status: row.status,
    kind: row.kind,
    ...(row.amountMinor === null ? {} : { amount: formatDecimal(row.amountMinor) }),
    makerId: row.makerId,
  };
}

/** A request closed with nothing carried out as its audit row names it in `after` (rejected or cancelled). */
export function approvalAuditAfter(row: ApprovalRow) {
  return {
    status: row.status,
    ...(row.cancelledBy ? { cancelledBy: row.cancelledBy } : {}),
    ...(row.withdrawalId ? { withdrawalId: row.withdrawalId } : {}),
  };
}

/** Who cancelled a cancelled request: its maker, or the customer whose withdrawal it waited for. */
function cancellerOf(
  row: ApprovalRow,
  people: ReadonlyMap<string, ApprovalPersonRow>,
): ApprovalPerson | null {
  if (row.cancelledBy === 'maker') {
    return { id: row.makerId, name: personName(people, row.makerId), role: row.makerRole };
  }
  if (row.cancelledBy === 'customer' && row.userId) {
    return { id: row.userId, name: personName(people, row.userId), role: 'client' };
  }
  return null;
}

/** The customer whose money a request moves. */
export function customerOf(row: ApprovalRow): string {
  if (row.userId === null) throw new Error(`approval ${row.id} names no customer`);
  return row.userId;
}

function personName(people: ReadonlyMap<string, ApprovalPersonRow>, id: string): string {
  // A closed (erased) account keeps its id: show the id when no name is left.
  return people.get(id)?.name || id;
}

export function toApproval(row: ApprovalRow, people: ReadonlyMap<string, ApprovalPersonRow>): Approval {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    userId: row.userId,
    email: row.userId === null ? null : (people.get(row.userId)?.email ?? ''),
    withdrawalId: row.withdrawalId,
    amount: row.amountMinor === null ? null : formatDecimal(row.amountMinor),
    direction: row.kind === 'adjustment' ? adjustmentRequestOf(row).direction : null,
    walletChange: row.kind === 'wallet_change' ? walletChangeRequestOf(row) : null,
    thresholdChange: row.kind === 'four_eyes_threshold' ? thresholdChangeRequestOf(row) : null,
    identityRuleChange: row.kind === 'identity_for_withdrawals' ? identityRuleChangeRequestOf(row) : null,
    limitsChange: row.kind === 'unverified_limits' ? limitsChangeRequestOf(row) : null,
    deskTrade: row.kind === 'desk_trade' ? deskTradeRequestOf(row) : null,
    tradeId: row.tradeId,
    maker: { id: row.makerId, name: personName(people, row.makerId), role: row.makerRole },
    makerReason: row.makerReason,
    checker:
      row.checkerId && row.checkerRole
        ? { id: row.checkerId, name: personName(people, row.checkerId), role: row.checkerRole }
        : null,
    checkerReason: row.checkerReason,
    cancelledBy: cancellerOf(row, people),
    entryId: row.entryId?.toString() ?? null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The approvals as answers, with the names of everyone they mention (one query). */
export async function toApprovals(db: Db, rows: readonly ApprovalRow[]): Promise<Approval[]> {
  const ids = rows.flatMap((row) => [
    ...(row.userId ? [row.userId] : []),
    row.makerId,
    ...(row.checkerId ? [row.checkerId] : []),
  ]);
  const people = new Map((await selectApprovalPeople(db, ids)).map((person) => [person.id, person]));
  return rows.map((row) => toApproval(row, people));
}

export async function toOneApproval(db: Db, row: ApprovalRow): Promise<Approval> {
  const [approval] = await toApprovals(db, [row]);
  if (!approval) throw new Error('the approval could not be read');
  return approval;
}

/** A withdrawal's waiting approval, as the admin withdrawal views show it. */
export async function toWaitingApproval(db: Db, row: ApprovalRow): Promise<WaitingApproval> {
  const [maker] = await selectApprovalPeople(db, [row.makerId]);
  return {
    id: row.id,
    maker: { id: row.makerId, name: maker?.name || row.makerId, role: row.makerRole },
    createdAt: row.createdAt.toISOString(),
  };
}
