import type { Db } from '../db/client.ts';
import type { Actor } from './actor.ts';

/**
 * A change of the platform's settings (the deposit addresses, the four-eyes threshold) carried out
 * once a second staff member approved it, in the approval's transaction: `maker` asked for it with
 * `reason` to go from `before` to `after`, `approver` approved it with `approverReason`
 * (docs/decisions/048 and 053).
 */
export type ApprovedChange<T> = {
  tx: Db;
  maker: Actor;
  approver: Actor;
  now: Date;
  before: T;
  after: T;
  reason: string;
  approvalId: string;
  approverReason: string;
};
