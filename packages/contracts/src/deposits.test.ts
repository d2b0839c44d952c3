import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { COINS, type Coin } from './coins.ts';
import {
  CreateDepositRequestSchema,
  DEPOSIT_MESSAGES,
  depositStatusLabel,
  findTransactionHashProblem,
  formatUsdRate,
  isTransactionHashOf,
  TRANSACTION_HASH_MESSAGES,
  transactionHashSchema,
} from './deposits.ts';

describe('formatUsdRate', () => {
  test.each([
    ['67234.12', '$67,234.12'],
    ['3000', '$3,000.00'],
    ['1.00', '$1.00'],
    ['1', '$1.00'],
    ['0.123456', '$0.123456'],
    ['1234567.5', '$1,234,567.50'],
  ])('%s reads %s', (rate, shown) => {
    expect(formatUsdRate(rate)).toBe(shown);
  });
});

test('a status outside the known ones reads Unknown', () => {
  expect(['pending', 'approved', 'rejected', 'refunded', ''].map(depositStatusLabel)).toEqual([
    'Pending',
    'Approved',
    'Rejected',
    'Unknown',
    'Unknown',
  ]);
});

test('the copy toast names the coin as the seed does', () => {
  expect(DEPOSIT_MESSAGES.copied('bitcoin')).toBe('Bitcoin address copied to clipboard!');
  expect(DEPOSIT_MESSAGES.copied('usdt')).toBe('USDT address copied to clipboard!');
});

test('an empty transaction hash is left out', () => {
  const ids = {
    quoteId: '00000000-0000-4000-8000-000000000001',
    proofFileId: '00000000-0000-4000-8000-000000000002',
  };
  expect(
    CreateDepositRequestSchema.parse({ ...ids, transactionHash: '   ' }).transactionHash,
  ).toBeUndefined();
  expect(CreateDepositRequestSchema.parse({ ...ids, transactionHash: ` ${BTC} ` }).transactionHash).toBe(BTC);
});

const BTC = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';
const ETH = '0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b';

/** 64 hexadecimal characters, either case. */
const hex64 = fc.stringMatching(/^[0-9a-fA-F]{64}$/);

describe('a transaction hash is written as its coin writes it (QA finding 8)', () => {
  test.each([
    ['bitcoin', BTC, true],
    ['bitcoin', BTC.toUpperCase(), true],
    ['bitcoin', ETH, false],
    ['bitcoin', BTC.slice(1), false],
    ['bitcoin', `${BTC}0`, false],
    ['bitcoin', 'not a hash!!', false],
    ['ethereum', ETH, true],
    ['ethereum', `0X${ETH.slice(2)}`, false],
    ['ethereum', ETH.slice(2), false],
    ['ethereum', BTC, false],
    ['usdt', BTC, true],
    ['usdt', ETH, false],
    ['usdt', `${BTC.slice(0, 63)}g`, false],
  ] as const)('%s: %s → %s', (coin, text, valid) => {
    expect(isTransactionHashOf(coin, text)).toBe(valid);
    expect(findTransactionHashProblem(coin, text)).toBe(valid ? undefined : TRANSACTION_HASH_MESSAGES[coin]);
  });

  test('left out or blank, there is nothing to check: it is optional', () => {
    for (const coin of COINS) expect(findTransactionHashProblem(coin, undefined)).toBeUndefined();
    expect(transactionHashSchema('bitcoin').parse('   ')).toBeUndefined();
    expect(transactionHashSchema('ethereum').parse(undefined)).toBeUndefined();
  });

  test("the request refuses text that is no coin's hash, beside the field", () => {
    const ids = {
      quoteId: '00000000-0000-4000-8000-000000000001',
      proofFileId: '00000000-0000-4000-8000-000000000002',
    };
    const parsed = CreateDepositRequestSchema.safeParse({ ...ids, transactionHash: 'not a hash!!' });
    expect(parsed.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['transactionHash'], TRANSACTION_HASH_MESSAGES.any],
    ]);
    expect(CreateDepositRequestSchema.parse({ ...ids, transactionHash: ETH }).transactionHash).toBe(ETH);
  });

  const hashOf: Record<Coin, fc.Arbitrary<string>> = {
    bitcoin: hex64,
    ethereum: hex64.map((hex) => `0x${hex}`),
    usdt: hex64,
  };

  test("every hash written as its coin writes it is accepted, trimmed, by its coin's schema and the request's", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COINS).chain((coin) => fc.tuple(fc.constant(coin), hashOf[coin])),
        fc.stringMatching(/^[ \t]{0,3}$/),
        ([coin, hash], pad) => {
          expect(transactionHashSchema(coin).parse(`${pad}${hash}${pad}`)).toBe(hash);
          expect(transactionHashSchema().parse(hash)).toBe(hash);
          expect(findTransactionHashProblem(coin, hash)).toBeUndefined();
        },
      ),
    );
  });

  test("any other text is refused, with its coin's message", () => {
    const notHex64 = fc
      .string({ minLength: 1, maxLength: 80 })
      .filter((text) => !/^[0-9a-fA-F]{64}$/.test(text));
    fc.assert(
      fc.property(fc.constantFrom(...COINS), notHex64, (coin, text) => {
        const written = coin === 'ethereum' ? `0x${text}` : text;
        const trimmed = written.trim();
        fc.pre(trimmed !== '' && !(coin === 'ethereum' && /^0x[0-9a-fA-F]{64}$/.test(trimmed)));
        const parsed = transactionHashSchema(coin).safeParse(written);
        expect(parsed.success).toBe(false);
        expect(parsed.error?.issues[0]?.message).toBe(TRANSACTION_HASH_MESSAGES[coin]);
        expect(findTransactionHashProblem(coin, trimmed)).toBe(TRANSACTION_HASH_MESSAGES[coin]);
      }),
    );
  });

  test('a hash of one length but a character outside 0-9 and a-f is refused for every coin', () => {
    fc.assert(
      fc.property(
        hex64,
        fc.nat({ max: 63 }),
        fc.constantFrom(...'ghijklmnopqrstuvwxyzGXZ-_ .!'.split('')),
        (hex, at, bad) => {
          const broken = `${hex.slice(0, at)}${bad}${hex.slice(at + 1)}`;
          for (const coin of COINS) {
            const written = coin === 'ethereum' ? `0x${broken}` : broken;
            expect(isTransactionHashOf(coin, written)).toBe(false);
          }
        },
      ),
    );
  });
});
