import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { z } from 'zod';
import type { Coin } from './coins.ts';
import { readInvisibleAsEmpty } from './visible-text.ts';

/** Base58Check: the payload followed by the first 4 bytes of its double SHA-256. */
const base58check = createBase58check(sha256);

/** Longer than any address of these coins (a bech32 string is at most 90 characters). */
const MAX_ADDRESS_LENGTH = 90;

const BITCOIN_P2PKH_VERSION = 0x00;
const BITCOIN_P2SH_VERSION = 0x05;
const TRON_ADDRESS_PREFIX = 0x41;

/** The payload of a Base58Check text (checksum verified and removed), or undefined. */
function decodeBase58check(address: string): Uint8Array | undefined {
  if (address.length === 0 || address.length > MAX_ADDRESS_LENGTH) return undefined;
  try {
    return base58check.decode(address);
  } catch {
    return undefined;
  }
}

/** A legacy mainnet address: P2PKH ('1…') or P2SH ('3…'), a version byte and a 20-byte hash. */
export function isValidBitcoinBase58Address(address: string): boolean {
  const payload = decodeBase58check(address);
  return (
    payload !== undefined &&
    payload.length === 21 &&
    (payload[0] === BITCOIN_P2PKH_VERSION || payload[0] === BITCOIN_P2SH_VERSION)
  );
}

/**
 * A native segwit mainnet address ('bc1…'): version 0 in bech32 (BIP-173) with a 20-byte
 * (P2WPKH) or 32-byte (P2WSH) program, or version 1 in bech32m (BIP-350) with a 32-byte program
 * (taproot). Other witness versions and lengths are valid encodings, but no wallet holds keys
 * for them yet: coins sent there can be taken by anyone, so they are refused as deposit addresses.
 */
export function isValidBitcoinSegwitAddress(address: string): boolean {
  if (address.length > MAX_ADDRESS_LENGTH) return false;
  // Both encodings share the data part; the checksum constant tells them apart.
  const v0 = bech32.decodeUnsafe(address) || undefined;
  const decoded = v0 ?? (bech32m.decodeUnsafe(address) || undefined);
  if (decoded?.prefix !== 'bc') return false;
  const [version, ...programWords] = decoded.words;
  const program = bech32.fromWordsUnsafe(programWords);
  if (!program) return false;
  if (v0) return version === 0 && (program.length === 20 || program.length === 32);
  return version === 1 && program.length === 32;
}

/** A Bitcoin mainnet address: legacy Base58Check ('1…', '3…') or native segwit ('bc1…'). */
export function isValidBitcoinAddress(address: string): boolean {
  return isValidBitcoinBase58Address(address) || isValidBitcoinSegwitAddress(address);
}

/** The EIP-55 spelling of 40 hex digits: a letter is upper case when its hash nibble is 8 or more. */
export function toEthereumChecksumHex(hex: string): string {
  const lower = hex.toLowerCase();
  const hash = keccak_256(utf8ToBytes(lower));
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const char = lower.charAt(i);
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/**
 * '0x' and 40 hex digits. Digits in one case carry no checksum and are accepted; mixed case is
 * an EIP-55 checksum and must match.
 */
export function isValidEthereumAddress(address: string): boolean {
  const match = /^0x([0-9a-fA-F]{40})$/.exec(address);
  const hex = match?.[1];
  if (hex === undefined) return false;
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return hex === toEthereumChecksumHex(hex);
}

/** A Tron address, where USDT (TRC-20) lives: Base58Check of 0x41 and a 20-byte hash ('T…', 34 characters). */
export function isValidTronAddress(address: string): boolean {
  const payload = decodeBase58check(address);
  return payload !== undefined && payload.length === 21 && payload[0] === TRON_ADDRESS_PREFIX;
}

const CHECKS = {
  bitcoin: isValidBitcoinAddress,
  ethereum: isValidEthereumAddress,
  usdt: isValidTronAddress,
} as const satisfies Record<Coin, (address: string) => boolean>;

/** Whether `address` (exactly as given: no trimming) is a mainnet address that can receive `coin`. */
export function isValidCoinAddress(coin: Coin, address: string): boolean {
  return CHECKS[coin](address);
}

/** What a form says about a missing or malformed address (seed §5, Wallet form). */
export const COIN_ADDRESS_MESSAGES = {
  bitcoin: { required: 'Bitcoin address is required', invalid: 'Enter a valid Bitcoin address' },
  ethereum: { required: 'Ethereum address is required', invalid: 'Enter a valid Ethereum address' },
  usdt: { required: 'USDT address is required', invalid: 'Enter a valid USDT (TRC-20) address' },
} as const satisfies Record<Coin, { required: string; invalid: string }>;

/** A required address of `coin`, trimmed, with one message: missing, or not an address of that coin. */
export function coinAddressSchema(coin: Coin) {
  const messages = COIN_ADDRESS_MESSAGES[coin];
  return readInvisibleAsEmpty(
    z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null ? messages.required : messages.invalid,
      })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .refine((address) => isValidCoinAddress(coin, address), { error: messages.invalid }),
  );
}
