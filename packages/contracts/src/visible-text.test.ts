import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { AccountStatusRequestSchema } from './account-status.ts';
import { CreateAdjustmentRequestSchema } from './admin-users.ts';
import { DecideApprovalRequestSchema } from './approvals.ts';
import { SignUpRequestSchema } from './auth.ts';
import { COPY_TRADING_MESSAGES, CreateStrategyProviderRequestSchema } from './copy-trading.ts';
import { ApproveDepositRequestSchema, RejectDepositRequestSchema } from './deposits.ts';
import {
  CreateLoanApplicationRequestSchema,
  DeclineLoanApplicationRequestSchema,
  LOAN_MESSAGES,
} from './loans.ts';
import { PLAN_FORM_MESSAGES, SavePlanRequestSchema } from './plans.ts';
import { REASON_REQUIRED } from './reasons.ts';
import { UpdateSiteSettingsRequestSchema } from './settings.ts';
import {
  CreateVerificationReasonRequestSchema,
  DecideVerificationRequestSchema,
  SubmitVerificationRequestSchema,
  VERIFICATION_MESSAGES,
} from './verifications.ts';
import { showsSomething } from './visible-text.ts';
import { UpdateWithdrawalSettingsRequestSchema } from './withdrawal-settings.ts';
import {
  RejectWithdrawalRequestSchema,
  ReleaseWithdrawalHoldRequestSchema,
  WITHDRAWAL_MESSAGES,
} from './withdrawals.ts';

/** Zero-width space, word joiner, right-to-left override, byte-order mark: nothing a reader sees. */
const INVISIBLE = ' \u200b\u2060\u202e\ufeff ';

function messagesAt(schema: z.ZodType, value: Record<string, unknown>, field: string): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}

test('showsSomething: letters of any script show; blanks and format characters alone do not', () => {
  expect(showsSomething(INVISIBLE)).toBe(false);
  expect(showsSomething('')).toBe(false);
  expect(showsSomething('Zoë')).toBe(true);
  expect(showsSomething('山田\u200d')).toBe(true);
  expect(showsSomething('👨‍👩‍👧')).toBe(true);
});

test('a required name or number of only invisible characters gets the field’s required message, once', () => {
  expect(messagesAt(SignUpRequestSchema, { fullname: INVISIBLE }, 'fullname')).toEqual([
    'Full name is required',
  ]);
  expect(messagesAt(SignUpRequestSchema, { fullname: '   ' }, 'fullname')).toEqual(['Full name is required']);
  expect(messagesAt(CreateLoanApplicationRequestSchema, { fullName: INVISIBLE }, 'fullName')).toEqual([
    LOAN_MESSAGES.fullNameRequired,
  ]);
  expect(messagesAt(CreateLoanApplicationRequestSchema, { goal: INVISIBLE }, 'goal')).toEqual([
    LOAN_MESSAGES.goalRequired,
  ]);
  expect(
    messagesAt(SubmitVerificationRequestSchema, { documentNumber: INVISIBLE }, 'documentNumber'),
  ).toEqual([VERIFICATION_MESSAGES.documentNumberRequired]);
});

test('a name with an invisible character among visible ones is kept as typed (trimmed)', () => {
  const parsed = SignUpRequestSchema.shape.fullname.parse(' Zoë\u200d 山田 ');
  expect(parsed).toBe('Zoë\u200d 山田');
});

describe('a text staff write (customerText, staffOnlyText) of only invisible characters reads as empty', () => {
  test.each([
    ['adjustment reason', CreateAdjustmentRequestSchema, { reason: INVISIBLE }, 'reason', REASON_REQUIRED],
    ['deposit rejection', RejectDepositRequestSchema, { reason: INVISIBLE }, 'reason', REASON_REQUIRED],
    ['deposit approval', ApproveDepositRequestSchema, { reason: INVISIBLE }, 'reason', REASON_REQUIRED],
    [
      'withdrawal rejection',
      RejectWithdrawalRequestSchema,
      { reason: INVISIBLE },
      'reason',
      WITHDRAWAL_MESSAGES.reasonRequired,
    ],
    ['four-eyes decision', DecideApprovalRequestSchema, { reason: INVISIBLE }, 'reason', REASON_REQUIRED],
    ['loan decline', DeclineLoanApplicationRequestSchema, { reason: INVISIBLE }, 'reason', REASON_REQUIRED],
    ['suspension', AccountStatusRequestSchema, { reason: INVISIBLE }, 'reason', REASON_REQUIRED],
    ['plan name', SavePlanRequestSchema, { name: INVISIBLE }, 'name', PLAN_FORM_MESSAGES.nameRequired],
    [
      'trader name',
      CreateStrategyProviderRequestSchema,
      { displayName: INVISIBLE },
      'displayName',
      COPY_TRADING_MESSAGES.nameRequired,
    ],
    [
      'site name',
      UpdateSiteSettingsRequestSchema,
      { siteName: INVISIBLE },
      'siteName',
      'Site name is required',
    ],
    [
      'identity reason label',
      CreateVerificationReasonRequestSchema,
      { label: INVISIBLE },
      'label',
      VERIFICATION_MESSAGES.reasonLabelRequired,
    ],
    [
      'withdrawal hold',
      UpdateWithdrawalSettingsRequestSchema,
      { holdEnabled: true, holdReason: INVISIBLE, requireCode: false },
      'holdReason',
      'A reason is required to hold withdrawals',
    ],
  ] as const)('a required %s gets its required message, once', (_name, schema, value, field, message) => {
    expect(messagesAt(schema, value, field)).toEqual([message]);
  });

  test('an optional note of only invisible characters is left out, as an empty one is', () => {
    expect(DecideVerificationRequestSchema.shape.note.parse(INVISIBLE)).toBeUndefined();
    expect(ReleaseWithdrawalHoldRequestSchema.parse({ reason: INVISIBLE }).reason).toBeUndefined();
    expect(SavePlanRequestSchema.shape.description.parse(INVISIBLE)).toBe('');
  });

  test('a staff text with visible characters is kept as typed (trimmed)', () => {
    expect(CreateAdjustmentRequestSchema.shape.reason.parse(' Goodwill\u200d credit ')).toBe(
      'Goodwill\u200d credit',
    );
  });
});
