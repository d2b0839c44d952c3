import { COIN_SPECS } from '@candor/contracts/coins';
import {
  type AdminDeposit,
  type AdminDepositListQuery,
  type AdminDepositPage,
  DEPOSIT_MESSAGES,
  DEPOSIT_PAGE_SIZE,
} from '@candor/contracts/deposits';
import { DEPOSIT_NEXT, type DepositStatus } from '@candor/domain/deposits/deposit-status';
import { depositEntry } from '@candor/domain/ledger/entries';
import { formatDecimal } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireTransition, type Transitions } from '../../lib/require-transition.ts';
import type { CommandContext } from '../../lib/transactions.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { expectPosted, postEntries } from '../ledger/ledger.repository.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { requireCustomerAccount } from '../users/users.service.ts';
import { depositDecisionNotice } from './deposit-decision-notice.ts';
import { showCoinAmount, toDeposit, toDepositProofFile } from './deposit-rows.ts';
import {
  type DepositDecision,
  type DepositDetails,
  decideDeposit,
  findDepositDetails,
  lockDepositForDecision,
  selectDepositPage,
} from './deposits.repository.ts';

/** The Deposit tab: every deposit, newest first, optionally only customers whose e-mail contains `search`. */
export async function listDeposits(
  db: Db,
  { page, search }: AdminDepositListQuery,
): Promise<AdminDepositPage> {
  const found = await selectDepositPage(db, { page, pageSize: DEPOSIT_PAGE_SIZE, search });
  return mapPage(found, ({ deposit, email }) => ({
    id: deposit.id,
    userId: deposit.userId,
    email,
    amount: formatDecimal(deposit.amountMinor),
    coin: deposit.coin,
    cryptoAmount: showCoinAmount(deposit.coin, deposit.cryptoAmountBaseUnits),
    status: deposit.status,
    createdAt: deposit.createdAt.toISOString(),
  }));
}

export type { DepositDetails };

export function toAdminDeposit({ deposit, customer, proof, decider }: DepositDetails): AdminDeposit {
  return {
    ...toDeposit(deposit),
    userId: deposit.userId,
    customerName: customer.name,
    customerEmail: customer.email,
    proof: toDepositProofFile(proof),
    decidedBy: deposit.decidedBy ? { id: deposit.decidedBy, name: decider?.name ?? deposit.decidedBy } : null,
  };
}

/** A deposit with its customer, proof and decider, as /deposit/{id} shows it; NOT_FOUND otherwise. */
export async function requireAdminDeposit(db: Db, id: string): Promise<AdminDeposit> {
  const row = await findDepositDetails(db, id);
  if (!row) throw new AppError('NOT_FOUND', DEPOSIT_MESSAGES.notFound);
  return toAdminDeposit(row);
}

export const DEPOSIT_TRANSITIONS: Transitions<DepositStatus> = {
  next: DEPOSIT_NEXT,
  alreadyDecided: DEPOSIT_MESSAGES.alreadyDecided,
  invalid: (from, to) => `A ${from} deposit cannot be ${to}`,
};

/**
 * Locks the deposit, read with its details and the decider's name, and checks that it may move to
 * `to`: NOT_FOUND, FORBIDDEN for an approval on a staff account (it holds no money, decision 062; a
 * rejection closes the request with nothing moved), ALREADY_DECIDED once final.
 */
async function lockForDecision(
  tx: Db,
  id: string,
  actor: Actor,
  to: DepositStatus,
): Promise<{ details: DepositDetails; siteName: string }> {
  // The site's name, for the customer's notice, is read beside the lock.
  const [details, siteName] = await Promise.all([lockDepositForDecision(tx, id, actor.id), readSiteName(tx)]);
  if (!details) throw new AppError('NOT_FOUND', DEPOSIT_MESSAGES.notFound);
  if (to === 'approved') requireCustomerAccount(details.customer);
  requireTransition(DEPOSIT_TRANSITIONS, details.deposit.status, to);
  return { details, siteName };
}

/** Records `decision` on the locked pending deposit; the answer is the locked row with it. */
async function decide(tx: Db, details: DepositDetails, decision: DepositDecision): Promise<AdminDeposit> {
  await decideDeposit(tx, details.deposit.id, decision);
  return toAdminDeposit({ ...details, deposit: { ...details.deposit, ...decision } });
}

type DecisionInput = CommandContext & { actor: Actor; id: string };

/**
 * Approves a pending deposit: credits the customer's cash with a deposit ledger entry, records
 * who decided and when, and audits it with the staff member's reason (docs/decisions/044; the
 * customer does not see it). Deciding twice, or twice at once, credits once: the row lock makes
 * the later decision see the first one and refuse.
 */
export async function approveDeposit({
  tx,
  actor,
  now,
  outbox,
  id,
  reason,
}: DecisionInput & { reason: string }): Promise<AdminDeposit> {
  const { details, siteName } = await lockForDecision(tx, id, actor, 'approved');
  const row = details.deposit;
  const [entry] = expectPosted(
    await postEntries(
      tx,
      [
        depositEntry({
          userId: row.userId,
          amount: row.amountMinor,
          depositId: row.id,
          methodLabel: COIN_SPECS[row.coin].label,
        }),
      ],
      actor,
    ),
  );
  if (!entry) throw new Error('the deposit entry was not posted');
  const answer = await decide(tx, details, {
    status: 'approved',
    decidedBy: actor.id,
    decidedAt: now,
    entryId: entry.id,
  });
  await recordAudit(tx, {
    actor,
    action: 'deposit.approve',
    targetType: 'deposit',
    targetId: row.id,
    subjectUserId: row.userId,
    reason,
    before: { status: row.status },
    after: { status: 'approved', entryId: entry.id.toString(), amount: formatDecimal(row.amountMinor) },
  });
  outbox.queue(depositDecisionNotice({ details, siteName }));
  return answer;
}

/** Rejects a pending deposit with a reason the customer reads in their history; no money moves. */
export async function rejectDeposit({
  tx,
  actor,
  now,
  outbox,
  id,
  reason,
}: DecisionInput & { reason: string }): Promise<AdminDeposit> {
  const { details, siteName } = await lockForDecision(tx, id, actor, 'rejected');
  const row = details.deposit;
  const answer = await decide(tx, details, {
    status: 'rejected',
    decidedBy: actor.id,
    decidedAt: now,
    decisionReason: reason,
  });
  await recordAudit(tx, {
    actor,
    action: 'deposit.reject',
    targetType: 'deposit',
    targetId: row.id,
    subjectUserId: row.userId,
    reason,
    before: { status: row.status },
    after: { status: 'rejected' },
  });
  outbox.queue(depositDecisionNotice({ details, siteName, rejectionReason: reason }));
  return answer;
}
