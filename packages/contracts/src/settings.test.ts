import { expect, test } from 'vitest';
import { UpdateSiteSettingsRequestSchema } from './settings.ts';

const valid = { siteName: 'Candor', minWithdrawal: '10.00', withdrawalPercent: '2.5' };

function firstMessage(input: object): string | undefined {
  const parsed = UpdateSiteSettingsRequestSchema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

test('valid settings pass, with the site name trimmed', () => {
  expect(UpdateSiteSettingsRequestSchema.parse({ ...valid, siteName: '  Candor  ' })).toEqual(valid);
});

test.each([
  [{ siteName: '' }, 'Site name is required'],
  [{ siteName: ' ' }, 'Site name is required'],
  [{ minWithdrawal: '' }, 'Minimum withdrawal is required'],
  [{ minWithdrawal: '-0.01' }, 'Minimum withdrawal cannot be negative'],
  [{ minWithdrawal: '1000000000.01' }, 'Minimum withdrawal is too large'],
  [{ withdrawalPercent: '' }, 'Withdrawal percentage is required'],
  [{ withdrawalPercent: '100.01' }, 'Withdrawal percentage must be between 0 and 100'],
  [{ withdrawalPercent: '5%' }, 'Withdrawal percentage must be a number such as 2.5'],
])('the form shows the message for %j', (change, message) => {
  expect(firstMessage({ ...valid, ...change })).toBe(message);
});

test('the bounds themselves are allowed', () => {
  expect(firstMessage({ ...valid, minWithdrawal: '0', withdrawalPercent: '0' })).toBeUndefined();
  expect(
    firstMessage({ ...valid, minWithdrawal: '1000000000.00', withdrawalPercent: '100' }),
  ).toBeUndefined();
});
