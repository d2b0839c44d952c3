import { expect, test } from 'vitest';
import { UpdateWalletAddressesRequestSchema } from './wallets.ts';

const valid = {
  bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ethereum: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
};

function messages(input: object): string[] {
  const parsed = UpdateWalletAddressesRequestSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

const reason = 'New cold wallet';

test('valid addresses and a reason pass, trimmed', () => {
  expect(
    UpdateWalletAddressesRequestSchema.parse({
      bitcoin: ` ${valid.bitcoin} `,
      ethereum: `${valid.ethereum}\n`,
      usdt: `\t${valid.usdt}`,
      reason: ` ${reason} `,
    }),
  ).toEqual({ ...valid, reason });
});

test('an empty form names the missing reason and every missing address', () => {
  expect(messages({ bitcoin: '', ethereum: ' ', usdt: undefined })).toEqual([
    'Reason is required',
    'Bitcoin address is required',
    'Ethereum address is required',
    'USDT address is required',
  ]);
});

test.each([
  [{ bitcoin: valid.ethereum }, 'Enter a valid Bitcoin address'],
  [{ ethereum: valid.ethereum.toLowerCase().replace('a', 'g') }, 'Enter a valid Ethereum address'],
  [{ usdt: valid.bitcoin }, 'Enter a valid USDT (TRC-20) address'],
])('the form shows the message for %j', (change, message) => {
  expect(messages({ ...valid, reason, ...change })).toEqual([message]);
});

test('a reason is needed, of at most 500 characters (as every approval reason)', () => {
  expect(messages({ ...valid, reason: '   ' })).toEqual(['Reason is required']);
  expect(messages({ ...valid, reason: 'x'.repeat(501) })).toEqual([
    'The reason can be at most 500 characters',
  ]);
  expect(messages({ ...valid, reason: 'x'.repeat(500) })).toEqual([]);
});
