import { expect, test } from 'vitest';
import { PAYOUT_DETAILS_INPUT, PAYOUT_MESSAGES } from './withdrawals.ts';

const BANK = { accountNumber: '12345678', bankName: 'First Bank', accountName: 'Ada Lovelace' };

function messagesOf(details: Record<string, unknown>): string[] {
  const result = PAYOUT_DETAILS_INPUT.bank.safeParse(details);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

test('a payout name of only invisible characters is missing, as a blank one is', () => {
  expect(messagesOf({ ...BANK, bankName: '\u200b\u200b' })).toEqual([PAYOUT_MESSAGES.bankNameRequired]);
  expect(messagesOf({ ...BANK, accountName: ' \u202e \u2060 ' })).toEqual([
    PAYOUT_MESSAGES.accountNameRequired,
  ]);
  expect(messagesOf({ ...BANK, accountName: '   ' })).toEqual([PAYOUT_MESSAGES.accountNameRequired]);
  const gcash = PAYOUT_DETAILS_INPUT.gcash.safeParse({ accountNumber: '09171234567', accountName: '\ufeff' });
  expect(gcash.success ? [] : gcash.error.issues.map((issue) => issue.message)).toEqual([
    PAYOUT_MESSAGES.accountNameRequired,
  ]);
});

test('a name with letters in any script, or with an invisible mark among them, is kept as typed', () => {
  const parsed = PAYOUT_DETAILS_INPUT.bank.parse({
    ...BANK,
    accountName: ' Zoë 山田 \u200d ',
    bankName: 'Bänk',
  });
  expect(parsed).toEqual({ ...BANK, accountName: 'Zoë 山田 \u200d', bankName: 'Bänk' });
  expect(messagesOf({ ...BANK, bankName: 'x'.repeat(101) })).toEqual([PAYOUT_MESSAGES.tooLong]);
});
