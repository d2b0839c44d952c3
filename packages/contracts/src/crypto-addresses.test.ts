import { describe, expect, test } from 'vitest';
import type { Coin } from './coins.ts';
import { coinAddressSchema, isValidCoinAddress, toEthereumChecksumHex } from './crypto-addresses.ts';

const GENESIS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const P2WPKH = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const TAPROOT = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';
const EIP55 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** The same text with the character at `index` replaced by another of the same alphabet. */
function changeCharAt(text: string, index: number, replacement: string): string {
  expect(text.charAt(index)).not.toBe(replacement);
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

describe('addresses that can receive the coin', () => {
  test.each<[Coin, string, string]>([
    ['bitcoin', 'the genesis block address (P2PKH, "1…")', GENESIS],
    ['bitcoin', 'a P2SH address ("3…")', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['bitcoin', 'the BIP-173 P2WPKH vector', P2WPKH],
    ['bitcoin', 'the BIP-173 P2WPKH vector in upper case', P2WPKH.toUpperCase()],
    ['bitcoin', 'the BIP-173 P2WSH vector', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
    ['bitcoin', 'the BIP-350 taproot vector', TAPROOT],
    ['ethereum', 'EIP-55 example 1', EIP55],
    ['ethereum', 'EIP-55 example 2', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
    ['ethereum', 'EIP-55 example 3', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'],
    ['ethereum', 'EIP-55 example 4', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'],
    ['ethereum', 'all upper-case hex (no checksum)', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['ethereum', 'all lower-case hex (no checksum)', '0xde709f2102306220921060314715629080e2fb77'],
    ['ethereum', 'an EIP-55 example in lower case', EIP55.toLowerCase()],
    ['usdt', "the USDT contract's own Tron address", USDT_CONTRACT],
    ['usdt', 'another Tron address', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
  ])('%s: %s is accepted', (coin, _name, address) => {
    expect(isValidCoinAddress(coin, address)).toBe(true);
  });
});

describe('texts that are not an address of the coin', () => {
  test.each<[Coin, string, string]>([
    ['bitcoin', 'the genesis address with its last character changed', changeCharAt(GENESIS, 33, 'b')],
    ['bitcoin', 'the genesis address with a middle character changed', changeCharAt(GENESIS, 10, 'Q')],
    ['bitcoin', 'the genesis address with "1" turned into "3"', changeCharAt(GENESIS, 0, '3')],
    ['bitcoin', 'a P2WPKH address with a changed checksum character', changeCharAt(P2WPKH, 41, '5')],
    ['bitcoin', 'a P2WPKH address with a changed program character', changeCharAt(P2WPKH, 10, 'p')],
    ['bitcoin', 'a bech32 address in mixed case', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['bitcoin', 'a taproot address with a changed character', changeCharAt(TAPROOT, 20, 'q')],
    [
      'bitcoin',
      'taproot encoded with bech32 instead of bech32m (BIP-350)',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
    ],
    [
      'bitcoin',
      'segwit v0 encoded with bech32m instead of bech32 (BIP-350)',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
    ],
    [
      'bitcoin',
      'a witness v1 program of 40 bytes (valid encoding, not taproot)',
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    ],
    ['bitcoin', 'a witness v16 program (valid encoding, no wallet can spend it)', 'BC1SW50QGDZ25J'],
    ['bitcoin', 'a witness v0 with an empty program', 'bc1q9zpgru'],
    ['bitcoin', 'a testnet bech32 address (tb1…)', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
    ['bitcoin', 'a testnet P2PKH address (m…)', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'],
    ['bitcoin', 'a testnet P2SH address (2…)', '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc'],
    ['bitcoin', 'a Tron address', USDT_CONTRACT],
    ['bitcoin', 'an Ethereum address', EIP55],
    ['bitcoin', 'the genesis address with a space before it', ` ${GENESIS}`],
    ['bitcoin', 'the genesis address with a newline after it', `${GENESIS}\n`],
    ['bitcoin', 'a long text', '1'.repeat(10_000)],
    ['ethereum', 'an EIP-55 address with one letter in the wrong case', changeCharAt(EIP55, 41, 'D')],
    ['ethereum', 'an EIP-55 address with one digit changed', changeCharAt(EIP55, 10, '7')],
    ['ethereum', 'the hex without "0x"', EIP55.slice(2)],
    ['ethereum', 'a capital "0X" prefix', `0X${EIP55.slice(2)}`],
    ['ethereum', '39 hex digits', EIP55.slice(0, -1)],
    ['ethereum', '41 hex digits', `${EIP55}0`],
    ['ethereum', 'a letter that is not hex', changeCharAt(EIP55.toLowerCase(), 5, 'g')],
    ['ethereum', 'the address with a trailing space', `${EIP55} `],
    ['ethereum', 'a Bitcoin address', GENESIS],
    [
      'usdt',
      'the USDT contract address with its last character changed',
      changeCharAt(USDT_CONTRACT, 33, 'u'),
    ],
    ['usdt', 'the address with a lower-case "t"', changeCharAt(USDT_CONTRACT, 0, 't')],
    ['usdt', 'a Base58Check address of another version (Bitcoin)', GENESIS],
    ['usdt', 'the Tron address in hex form', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c'],
    ['usdt', 'an Ethereum address (USDT ERC-20 is not accepted)', EIP55],
    ['usdt', 'the address cut short', USDT_CONTRACT.slice(0, 33)],
    ['usdt', 'the address with a space inside', `${USDT_CONTRACT.slice(0, 10)} ${USDT_CONTRACT.slice(10)}`],
  ])('%s: %s is refused', (coin, _name, address) => {
    expect(isValidCoinAddress(coin, address)).toBe(false);
  });

  test.each(['bitcoin', 'ethereum', 'usdt'] as const)('%s: empty and blank texts are refused', (coin) => {
    expect(isValidCoinAddress(coin, '')).toBe(false);
    expect(isValidCoinAddress(coin, '   ')).toBe(false);
  });
});

test('the EIP-55 spelling is computed from the lower-case hex', () => {
  expect(`0x${toEthereumChecksumHex(EIP55.slice(2).toLowerCase())}`).toBe(EIP55);
});

describe('coinAddressSchema', () => {
  function firstMessage(coin: Coin, input: unknown): string | undefined {
    const parsed = coinAddressSchema(coin).safeParse(input);
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  }

  test('trims the address before checking it', () => {
    expect(coinAddressSchema('bitcoin').parse(`  ${GENESIS}\n`)).toBe(GENESIS);
    expect(coinAddressSchema('usdt').parse(`\t${USDT_CONTRACT} `)).toBe(USDT_CONTRACT);
  });

  test.each<[Coin, unknown, string]>([
    ['bitcoin', '', 'Bitcoin address is required'],
    ['bitcoin', '   ', 'Bitcoin address is required'],
    ['bitcoin', undefined, 'Bitcoin address is required'],
    ['bitcoin', EIP55, 'Enter a valid Bitcoin address'],
    ['ethereum', '', 'Ethereum address is required'],
    ['ethereum', 42, 'Enter a valid Ethereum address'],
    ['ethereum', changeCharAt(EIP55, 41, 'D'), 'Enter a valid Ethereum address'],
    ['usdt', null, 'USDT address is required'],
    ['usdt', GENESIS, 'Enter a valid USDT (TRC-20) address'],
  ])('%s: %j gives one message, %s', (coin, input, message) => {
    const parsed = coinAddressSchema(coin).safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toHaveLength(1);
    expect(firstMessage(coin, input)).toBe(message);
  });
});
