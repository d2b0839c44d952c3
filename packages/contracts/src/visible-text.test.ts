import { expect, test } from 'vitest';
import type { z } from 'zod';
import { SignUpRequestSchema } from './auth.ts';
import { CreateLoanApplicationRequestSchema, LOAN_MESSAGES } from './loans.ts';
import { SubmitVerificationRequestSchema, VERIFICATION_MESSAGES } from './verifications.ts';
import { showsSomething } from './visible-text.ts';

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
