import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { APPROVAL_MESSAGES, DecideApprovalRequestSchema } from './approvals.ts';
import { ApproveDepositRequestSchema, DEPOSIT_MESSAGES, RejectDepositRequestSchema } from './deposits.ts';
import { ApproveLoanApplicationRequestSchema, LOAN_MESSAGES } from './loans.ts';
import { ApproveWithdrawalRequestSchema, WITHDRAWAL_MESSAGES } from './withdrawals.ts';

/** The first refusal's message, or null when the body is accepted. */
function refusal(schema: z.ZodType, body: unknown): string | null {
  const parsed = schema.safeParse(body);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'no message');
}

// Each approval that moves money asks for its reason in its module's words (decision 044).
const APPROVALS = [
  {
    name: 'a deposit approval',
    schema: ApproveDepositRequestSchema,
    required: DEPOSIT_MESSAGES.reasonRequired,
    tooLong: DEPOSIT_MESSAGES.reasonTooLong,
  },
  {
    name: 'a withdrawal approval',
    schema: ApproveWithdrawalRequestSchema,
    required: APPROVAL_MESSAGES.reasonRequired,
    tooLong: WITHDRAWAL_MESSAGES.reasonTooLong,
  },
  {
    name: 'a second approval',
    schema: DecideApprovalRequestSchema,
    required: APPROVAL_MESSAGES.reasonRequired,
    tooLong: APPROVAL_MESSAGES.reasonTooLong,
  },
  {
    name: 'a loan approval',
    schema: ApproveLoanApplicationRequestSchema,
    required: LOAN_MESSAGES.reasonRequired,
    tooLong: LOAN_MESSAGES.reasonTooLong,
  },
] as const;

describe('the reason of an approval that moves money', () => {
  for (const { name, schema, required, tooLong } of APPROVALS) {
    test(`${name} takes a reason of 1 to 500 characters, trimmed`, () => {
      expect(schema.safeParse({ reason: '  Paid in full  ' })).toEqual({
        success: true,
        data: { reason: 'Paid in full' },
      });
      expect(schema.safeParse({ reason: 'x'.repeat(500) }).success).toBe(true);
    });

    test(`${name} is refused without a reason, with a blank one or a long one`, () => {
      expect(refusal(schema, {})).toBe(required);
      expect(refusal(schema, undefined)).toBe(required);
      expect(refusal(schema, { reason: ' \n\t ' })).toBe(required);
      expect(refusal(schema, { reason: 'x'.repeat(501) })).toBe(tooLong);
    });
  }

  test('the deposit approval and rejection refuse in the same words', () => {
    for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(501) }]) {
      expect(refusal(ApproveDepositRequestSchema, body)).toBe(refusal(RejectDepositRequestSchema, body));
    }
  });
});
