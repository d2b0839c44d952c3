import { COIN_SPECS, type Coin } from '@candor/contracts/coins';
import { COIN_NAMES } from '@candor/contracts/deposits';
import { ACCEPTED_TYPES, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@candor/contracts/files';
import { listAlternatives } from '../../lib/list-words.ts';

/** Seconds as step 3's countdown shows them: 3600 → "60:00", 59 → "0:59". */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Whole seconds from `now` until `expiresAt` (rounded up, never below zero). */
export function secondsUntil(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

/** "0.001488 BTC" */
export function formatCoin(amount: string, coin: Coin): string {
  return `${amount} ${COIN_SPECS[coin].ticker}`;
}

/** The coins a customer can pay with, as a sentence says them: "Bitcoin, Ethereum or USDT". */
export function listCoinNames(coins: readonly Coin[]): string {
  return listAlternatives(coins.map((coin) => COIN_NAMES[coin]));
}

const PROOF_TYPES: readonly string[] = ACCEPTED_TYPES.proof_of_payment;

/** The `accept` attribute of the proof-of-payment input. */
export const PROOF_ACCEPT = PROOF_TYPES.join(',');

/** Why a chosen proof cannot be uploaded (the server checks the content again); null when fine. */
export function findProofProblem(file: File): string | null {
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (!PROOF_TYPES.includes(file.type)) return UPLOAD_MESSAGES.notAnImageOrPdf;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}
