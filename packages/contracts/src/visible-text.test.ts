import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { AccountStatusRequestSchema } from './account-status.ts';
import { CreateAdjustmentRequestSchema } from './admin-users.ts';
import { DecideApprovalRequestSchema } from './approvals.ts';
import { ChangeEmailRequestSchema, SignInRequestSchema, SignUpRequestSchema } from './auth.ts';
import { COPY_TRADING_MESSAGES, CreateStrategyProviderRequestSchema } from './copy-trading.ts';
import { COIN_ADDRESS_MESSAGES, coinAddressSchema } from './crypto-addresses.ts';
import {
  ApproveDepositRequestSchema,
  RejectDepositRequestSchema,
  transactionHashSchema,
} from './deposits.ts';
import {
  CreateLoanApplicationRequestSchema,
  DeclineLoanApplicationRequestSchema,
  LOAN_MESSAGES,
} from './loans.ts';
import { AddPasskeyRequestSchema } from './passkeys.ts';
import { PLAN_FORM_MESSAGES, SavePlanRequestSchema } from './plans.ts';
import { REASON_REQUIRED } from './reasons.ts';
import { UpdateSiteSettingsRequestSchema } from './settings.ts';
import { SecondFactorCodeSchema, TWO_FACTOR_MESSAGES } from './two-factor.ts';
import {
  CreateVerificationReasonRequestSchema,
  DecideVerificationRequestSchema,
  SubmitVerificationRequestSchema,
  VERIFICATION_MESSAGES,
} from './verifications.ts';
import { showsSomething } from './visible-text.ts';
import { UpdateWithdrawalSettingsRequestSchema } from './withdrawal-settings.ts';
import {
  PAYOUT_DETAILS_INPUT,
  PAYOUT_MESSAGES,
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

/** Past every field's length limit: the old rule said "too long" as well as "required". */
const LONG_INVISIBLE = '\u200b'.repeat(1100);

describe('a text a customer writes of only invisible characters reads as empty, as a staff text does', () => {
  test.each([
    ['sign-up full name', SignUpRequestSchema, { fullname: INVISIBLE }, 'fullname', 'Full name is required'],
    [
      'sign-up full name, long',
      SignUpRequestSchema,
      { fullname: LONG_INVISIBLE },
      'fullname',
      'Full name is required',
    ],
    ['sign-up username', SignUpRequestSchema, { username: INVISIBLE }, 'username', 'Username is required'],
    ['sign-up e-mail', SignUpRequestSchema, { email: INVISIBLE }, 'email', 'Email is required'],
    ['sign-in e-mail', SignInRequestSchema, { email: INVISIBLE }, 'email', 'Email is required'],
    [
      'new e-mail',
      ChangeEmailRequestSchema,
      { newEmail: INVISIBLE },
      'newEmail',
      'Please fill in all fields',
    ],
    [
      'loan full name, long',
      CreateLoanApplicationRequestSchema,
      { fullName: LONG_INVISIBLE },
      'fullName',
      LOAN_MESSAGES.fullNameRequired,
    ],
    [
      'loan goal, long',
      CreateLoanApplicationRequestSchema,
      { goal: LONG_INVISIBLE },
      'goal',
      LOAN_MESSAGES.goalRequired,
    ],
    [
      'document number, long',
      SubmitVerificationRequestSchema,
      { documentNumber: LONG_INVISIBLE },
      'documentNumber',
      VERIFICATION_MESSAGES.documentNumberRequired,
    ],
    [
      'document expiry',
      SubmitVerificationRequestSchema,
      { documentExpiry: INVISIBLE },
      'documentExpiry',
      VERIFICATION_MESSAGES.documentExpiryRequired,
    ],
    ['passkey name', AddPasskeyRequestSchema, { name: INVISIBLE }, 'name', 'Name is required'],
    [
      'bank account number',
      PAYOUT_DETAILS_INPUT.bank,
      { accountNumber: INVISIBLE },
      'accountNumber',
      PAYOUT_MESSAGES.accountNumberRequired,
    ],
    [
      'bank name, long',
      PAYOUT_DETAILS_INPUT.bank,
      { bankName: LONG_INVISIBLE },
      'bankName',
      PAYOUT_MESSAGES.bankNameRequired,
    ],
    [
      'wallet address',
      PAYOUT_DETAILS_INPUT.crypto,
      { coin: 'bitcoin', address: INVISIBLE },
      'address',
      COIN_ADDRESS_MESSAGES.bitcoin.required,
    ],
    [
      'wallet address before a coin',
      PAYOUT_DETAILS_INPUT.crypto,
      { coin: '', address: INVISIBLE },
      'address',
      PAYOUT_MESSAGES.addressRequired,
    ],
    [
      'PayPal e-mail',
      PAYOUT_DETAILS_INPUT.paypal,
      { email: INVISIBLE },
      'email',
      PAYOUT_MESSAGES.paypalRequired,
    ],
    [
      '$Cashtag',
      PAYOUT_DETAILS_INPUT.cashapp,
      { cashtag: INVISIBLE },
      'cashtag',
      PAYOUT_MESSAGES.cashtagRequired,
    ],
    [
      'GCash number',
      PAYOUT_DETAILS_INPUT.gcash,
      { accountNumber: INVISIBLE },
      'accountNumber',
      PAYOUT_MESSAGES.gcashNumberRequired,
    ],
  ] as const)(
    'a required %s is told what an empty one is, its required message first',
    (_name, schema, value, field, message) => {
      const told = messagesAt(schema, value, field);
      expect(told[0]).toBe(message);
      expect(told).toEqual(messagesAt(schema, { ...value, [field]: '' }, field));
    },
  );

  test('an address, code or hash of only invisible characters is told as a missing one', () => {
    expect(
      coinAddressSchema('usdt')
        .safeParse(INVISIBLE)
        .error?.issues.map((i) => i.message),
    ).toEqual([COIN_ADDRESS_MESSAGES.usdt.required]);
    expect(SecondFactorCodeSchema.safeParse(INVISIBLE).error?.issues.map((i) => i.message)).toEqual([
      TWO_FACTOR_MESSAGES.codeRequired,
    ]);
    // The optional transaction hash is left out, as an empty one is.
    expect(transactionHashSchema('bitcoin').parse(INVISIBLE)).toBeUndefined();
  });

  test('a customer text with visible characters is kept as typed (trimmed)', () => {
    expect(PAYOUT_DETAILS_INPUT.bank.shape.accountName.parse(' Zoë\u200d Ng ')).toBe('Zoë\u200d Ng');
    expect(AddPasskeyRequestSchema.shape.name.parse(' Work laptop\u200b ')).toBe('Work laptop\u200b');
  });
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
