import { describe, expect, test } from 'vitest';
import { approvedAdjustmentDescription, DecideApprovalRequestSchema } from './approvals.ts';
import { PERMISSIONS } from './staff.ts';

describe('four-eyes contracts', () => {
  test('approvals.decide holds exactly the roles that may make a request (adjustments, withdrawal decisions, deposit addresses, desk trades)', () => {
    const makers = new Set([
      ...PERMISSIONS['adjustments.create'],
      ...PERMISSIONS['withdrawals.decide'],
      ...PERMISSIONS['settings.manage'],
      ...PERMISSIONS['trades.manage'],
    ]);
    expect([...PERMISSIONS['approvals.decide']].sort()).toEqual([...makers].sort());
  });

  test('an approved adjustment’s statement line keeps the reason and names maker and checker', () => {
    expect(approvedAdjustmentDescription('Goodwill credit', 'Mona Maker', 'Carl Checker')).toBe(
      'Goodwill credit — made by Mona Maker, approved by Carl Checker',
    );
  });

  test('a decision needs a reason of at most 500 characters, trimmed', () => {
    expect(DecideApprovalRequestSchema.safeParse({ reason: '  ok  ' })).toEqual({
      success: true,
      data: { reason: 'ok' },
    });
    expect(DecideApprovalRequestSchema.safeParse({ reason: '   ' }).success).toBe(false);
    expect(DecideApprovalRequestSchema.safeParse({}).success).toBe(false);
    expect(DecideApprovalRequestSchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });
});
