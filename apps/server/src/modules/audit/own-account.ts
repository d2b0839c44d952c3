import { isStaffRole } from '@candor/contracts/staff';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The back-office actions that decide about one account: its deposits, withdrawals and their holds,
 * its balance, its trades, its loans, its identity, its status, and the second approvals of any of
 * them. A prefix ending with a dot stands for every action of that kind.
 */
const DECISIONS_ABOUT_AN_ACCOUNT = [
  'deposit.',
  'withdrawal.',
  'trade.',
  'loans.',
  'approval.',
  'verification.approve',
  'verification.decline',
  'verification.resubmit',
  'user.adjustment',
  'user.withdrawal_settings',
  'user.suspend',
  'user.unsuspend',
  'user.close',
  'withdrawals.release_freeze',
] as const;

export const OWN_ACCOUNT_MESSAGE =
  'Staff cannot decide about their own account: another staff member must do it';

function decidesAboutAnAccount(action: string): boolean {
  return DECISIONS_ABOUT_AN_ACCOUNT.some((kind) =>
    kind.endsWith('.') ? action.startsWith(kind) : action === kind,
  );
}

/**
 * No staff member decides about their own account, as maker or as second approver: whatever their
 * role allows on customers' accounts, their own deposit, withdrawal, balance, desk trade, loan or
 * identity is decided by someone else. Checked where every such decision is audited (recordAudit),
 * inside its transaction, so a refusal (403) leaves nothing behind. A customer's own requests are
 * not staff decisions and are not concerned.
 */
export function refuseDecisionOnOwnAccount(entry: {
  actor: Actor;
  approver?: Actor | null | undefined;
  action: string;
  targetType?: string;
  targetId?: string | null | undefined;
  subjectUserId?: string | null | undefined;
}): void {
  // The account concerned, as the log records it: the subject, or the target when it is a user.
  const subjectUserId = entry.subjectUserId ?? (entry.targetType === 'user' ? entry.targetId : null);
  if (!subjectUserId || !decidesAboutAnAccount(entry.action)) return;
  for (const who of [entry.actor, entry.approver]) {
    if (who && who.id === subjectUserId && isStaffRole(who.role)) {
      throw new AppError('FORBIDDEN', OWN_ACCOUNT_MESSAGE);
    }
  }
}
