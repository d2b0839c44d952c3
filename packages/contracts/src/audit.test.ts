import { describe, expect, test } from 'vitest';
import { describeAuditAction } from './audit.ts';

describe('how the audit log names an action', () => {
  test.each([
    ['deposit.approve', 'Deposit approved'],
    ['withdrawal.release_hold', 'Withdrawal hold released'],
    ['two_factor.enable', 'Two-factor authentication turned on'],
    ['staff.setup_owner', 'Owner created with the setup link'],
    ['user.adjustment', 'Manual adjustment'],
  ])('%s reads "%s"', (action, label) => {
    expect(describeAuditAction(action)).toBe(label);
  });

  test('an action the list does not name yet reads from its name, never blank', () => {
    expect(describeAuditAction('loans.extend_term')).toBe('Loans extend term');
  });
});
