import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { AccountStatusRequestSchema } from './account-status.ts';
import { AdminCloseTradeRequestSchema, BookTradeRequestSchema } from './admin-trades.ts';
import { CreateAdjustmentRequestSchema } from './admin-users.ts';
import { APPROVAL_MESSAGES, DecideApprovalRequestSchema } from './approvals.ts';
import { RemoveStrategyProviderRequestSchema } from './copy-trading.ts';
import { ApproveDepositRequestSchema, DEPOSIT_MESSAGES, RejectDepositRequestSchema } from './deposits.ts';
import {
  ApproveLoanApplicationRequestSchema,
  DeclineLoanApplicationRequestSchema,
  LOAN_MESSAGES,
} from './loans.ts';
import { REASON_REQUIRED } from './reasons.ts';
import { UpdateSiteSettingsRequestSchema } from './settings.ts';
import { UpdateWalletAddressesRequestSchema } from './wallets.ts';
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
    required: REASON_REQUIRED,
    tooLong: DEPOSIT_MESSAGES.reasonTooLong,
  },
  {
    name: 'a withdrawal approval',
    schema: ApproveWithdrawalRequestSchema,
    required: REASON_REQUIRED,
    tooLong: WITHDRAWAL_MESSAGES.reasonTooLong,
  },
  {
    name: 'a second approval',
    schema: DecideApprovalRequestSchema,
    required: REASON_REQUIRED,
    tooLong: APPROVAL_MESSAGES.reasonTooLong,
  },
  {
    name: 'a loan approval',
    schema: ApproveLoanApplicationRequestSchema,
    required: REASON_REQUIRED,
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

describe('a missing reason is said in one wording everywhere (QA finding 12)', () => {
  test('the wording is the seed\'s "… is required"', () => {
    expect(REASON_REQUIRED).toBe('Reason is required');
  });

  const REASONS = [
    ['a manual adjustment', CreateAdjustmentRequestSchema, 'reason'],
    ['a suspension', AccountStatusRequestSchema, 'reason'],
    ['a trade closed at market', AdminCloseTradeRequestSchema, 'reason'],
    ['a desk booking', BookTradeRequestSchema, 'reason'],
    ['a deposit approval', ApproveDepositRequestSchema, 'reason'],
    ['a deposit rejection', RejectDepositRequestSchema, 'reason'],
    ['a withdrawal approval', ApproveWithdrawalRequestSchema, 'reason'],
    ['a second approval', DecideApprovalRequestSchema, 'reason'],
    ['a change of the deposit addresses', UpdateWalletAddressesRequestSchema, 'reason'],
    ['a loan approval', ApproveLoanApplicationRequestSchema, 'reason'],
    ['a loan decline', DeclineLoanApplicationRequestSchema, 'reason'],
    ['a strategy provider removed', RemoveStrategyProviderRequestSchema, 'reason'],
  ] as const;

  test.each(REASONS)('%s: a blank reason is "Reason is required"', (_name, schema, field) => {
    const parsed = (schema as z.ZodType).safeParse({ [field]: '  ' });
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues.find((one) => one.path[0] === field);
    expect(issue?.message).toBe(REASON_REQUIRED);
  });

  test('the threshold reason in Settings is refused in the same words', () => {
    const parsed = UpdateSiteSettingsRequestSchema.safeParse({
      siteName: 'Candor',
      minWithdrawal: '0',
      withdrawalPercent: '0',
      fourEyesReason: 42,
    });
    expect(parsed.error?.issues.find((one) => one.path[0] === 'fourEyesReason')?.message).toBe(
      REASON_REQUIRED,
    );
  });
});
