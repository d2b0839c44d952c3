import { expect, test } from 'vitest';
import type { z } from 'zod';
import { BookTradeRequestSchema } from './admin-trades.ts';
import { CreateAdjustmentRequestSchema } from './admin-users.ts';
import { CreateStrategyProviderRequestSchema, StartCopyingRequestSchema } from './copy-trading.ts';
import { CreateDepositQuoteRequestSchema } from './deposits.ts';
import { CreateLoanApplicationRequestSchema, RepayLoanRequestSchema } from './loans.ts';
import { AMOUNT_AS_TEXT_MESSAGE } from './money.ts';
import { PurchasePlanRequestSchema, SavePlanRequestSchema } from './plans.ts';
import { UpdateSiteSettingsRequestSchema } from './settings.ts';
import { PlaceTradeRequestSchema, TRADE_MESSAGES } from './trades.ts';
import { CreateWithdrawalRequestSchema } from './withdrawals.ts';

function messagesAt(schema: z.ZodType, value: Record<string, unknown>, field: string): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}

/** Every request that takes a dollar amount, and the field that carries it. */
const AMOUNT_FIELDS: readonly [name: string, schema: z.ZodType, field: string, rest: object][] = [
  ['deposit quote', CreateDepositQuoteRequestSchema, 'amount', { coin: 'bitcoin' }],
  ['withdrawal', CreateWithdrawalRequestSchema, 'amount', { method: 'paypal' }],
  ['trade', PlaceTradeRequestSchema, 'amount', {}],
  ['manual adjustment', CreateAdjustmentRequestSchema, 'amount', {}],
  ['desk trade', BookTradeRequestSchema, 'amount', {}],
  ['loan application', CreateLoanApplicationRequestSchema, 'monthlyIncome', {}],
  ['loan repayment', RepayLoanRequestSchema, 'amount', {}],
  ['trader minimum balance', CreateStrategyProviderRequestSchema, 'minimumBalance', {}],
  ['copy stop-loss', StartCopyingRequestSchema, 'copyStopLoss', {}],
  ['plan price', SavePlanRequestSchema, 'price', {}],
  ['plan purchase', PurchasePlanRequestSchema, 'expectedPrice', {}],
  ['minimum withdrawal setting', UpdateSiteSettingsRequestSchema, 'minWithdrawal', {}],
  ['four-eyes threshold setting', UpdateSiteSettingsRequestSchema, 'fourEyesThreshold', {}],
  ['unverified deposit limit setting', UpdateSiteSettingsRequestSchema, 'unverifiedDepositLimit', {}],
  ['unverified withdrawal limit setting', UpdateSiteSettingsRequestSchema, 'unverifiedWithdrawalLimit', {}],
  ['desk trade open price', BookTradeRequestSchema, 'openPrice', {}],
  ['desk trade close price', BookTradeRequestSchema, 'closePrice', {}],
];

test.each(AMOUNT_FIELDS)(
  'a %s amount sent as a JSON number is told to write it as text',
  (_name, schema, field, rest) => {
    expect(messagesAt(schema, { ...rest, [field]: 100 }, field)).toEqual([AMOUNT_AS_TEXT_MESSAGE]);
    expect(messagesAt(schema, { ...rest, [field]: 100.5 }, field)).toEqual([AMOUNT_AS_TEXT_MESSAGE]);
  },
);

test('a missing amount is still told it is required, in its form’s words', () => {
  expect(messagesAt(CreateDepositQuoteRequestSchema, { coin: 'bitcoin' }, 'amount')).toEqual([
    'Input an amount',
  ]);
  expect(messagesAt(CreateWithdrawalRequestSchema, { method: 'paypal' }, 'amount')).toEqual([
    'Please enter an amount',
  ]);
});

test('a lot size sent as a JSON number is told to write it as text, on a trade and a desk trade', () => {
  for (const schema of [PlaceTradeRequestSchema, BookTradeRequestSchema]) {
    expect(messagesAt(schema, { lotSize: 1 }, 'lotSize')).toEqual([TRADE_MESSAGES.lotSizeAsText]);
    expect(messagesAt(schema, {}, 'lotSize')).toEqual([TRADE_MESSAGES.lotSizeRequired]);
  }
});

test('a missing settings amount or desk trade price is still told it is required', () => {
  expect(messagesAt(UpdateSiteSettingsRequestSchema, {}, 'minWithdrawal')).toEqual([
    'Minimum withdrawal is required',
  ]);
  expect(messagesAt(BookTradeRequestSchema, {}, 'openPrice')).toEqual([
    'Enter the open price as a positive number, such as 67050.25',
  ]);
  expect(messagesAt(BookTradeRequestSchema, {}, 'closePrice')).toEqual([
    'Enter the close price as a positive number, such as 68050.75',
  ]);
});

test("a desk trade's prices are positive decimals: zero, a sign or an exponent is refused", () => {
  const OPEN = 'Enter the open price as a positive number, such as 67050.25';
  for (const refused of ['-1', '0', '0.00', '1e5', '+5', '.5', 'abc']) {
    expect(messagesAt(BookTradeRequestSchema, { openPrice: refused }, 'openPrice'), refused).toEqual([OPEN]);
  }
  for (const accepted of ['0.5', '67050.25', '1', '00.1']) {
    expect(messagesAt(BookTradeRequestSchema, { openPrice: accepted }, 'openPrice'), accepted).toEqual([]);
  }
});

test('a withdrawal percentage sent as a JSON number is told to write it as text', () => {
  expect(
    messagesAt(UpdateSiteSettingsRequestSchema, { withdrawalPercent: 2.5 }, 'withdrawalPercent'),
  ).toEqual(['Write the percentage as text, such as "2.5"']);
  expect(messagesAt(UpdateSiteSettingsRequestSchema, {}, 'withdrawalPercent')).toEqual([
    'Withdrawal percentage is required',
  ]);
});
