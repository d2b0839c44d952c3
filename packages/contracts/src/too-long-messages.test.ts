import { expect, test } from 'vitest';
import type { z } from 'zod';
import {
  ReleaseWithdrawalFreezeRequestSchema,
  UnfreezeWithdrawalsRequestSchema,
} from './account-security.ts';
import { COPY_TRADING_MESSAGES, CreateStrategyProviderRequestSchema } from './copy-trading.ts';
import { CreateLoanApplicationRequestSchema, LOAN_MESSAGES } from './loans.ts';

/** The message of the issue at `field`, or undefined when the field passes. */
function messageAt(schema: z.ZodType, value: Record<string, unknown>, field: string): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

// A schema-wide `error` (the "required" message) also stands for every check without a message of
// its own: a text that is too long must say so, not ask for the text again.
test('a text that is too long says so, not that it is missing', () => {
  const long = (length: number) => 'x'.repeat(length);
  expect(messageAt(CreateLoanApplicationRequestSchema, { fullName: long(101) }, 'fullName')).toBe(
    'At most 100 characters',
  );
  expect(messageAt(CreateLoanApplicationRequestSchema, { fullName: '' }, 'fullName')).toBe(
    LOAN_MESSAGES.fullNameRequired,
  );
  expect(messageAt(UnfreezeWithdrawalsRequestSchema, { password: long(129) }, 'password')).toBe(
    'At most 128 characters',
  );
  expect(messageAt(ReleaseWithdrawalFreezeRequestSchema, { reason: long(501) }, 'reason')).toBe(
    'At most 500 characters',
  );
  expect(messageAt(CreateStrategyProviderRequestSchema, { email: `${long(250)}@example.com` }, 'email')).toBe(
    COPY_TRADING_MESSAGES.emailInvalid,
  );
});
