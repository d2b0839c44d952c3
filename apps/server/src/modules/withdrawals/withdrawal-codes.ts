import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { WITHDRAWAL_CODE_LENGTH, WITHDRAWAL_CODE_TTL_MS } from '@candor/contracts/withdrawals';
import type { MailMessage } from '../mail/mailer.ts';

/** A fresh 6-digit code, uniformly drawn (leading zeros kept). */
export function generateWithdrawalCode(): string {
  return String(randomInt(0, 10 ** WITHDRAWAL_CODE_LENGTH)).padStart(WITHDRAWAL_CODE_LENGTH, '0');
}

/**
 * What is stored instead of the code: SHA-256 of the withdrawal id and the code. The id makes the
 * hash useless for any other request; a 6-digit code needs no slow hash because it dies after 5
 * tries or 10 minutes.
 */
export function hashWithdrawalCode(withdrawalId: string, code: string): string {
  return createHash('sha256').update(`${withdrawalId}:${code}`).digest('hex');
}

export function matchesWithdrawalCode(withdrawalId: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashWithdrawalCode(withdrawalId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** A new code for a withdrawal: the plain code (to e-mail, never stored) and what the row keeps. */
export function issueWithdrawalCode(
  withdrawalId: string,
  now: Date,
): { code: string; codeHash: string; codeExpiresAt: Date } {
  const code = generateWithdrawalCode();
  return {
    code,
    codeHash: hashWithdrawalCode(withdrawalId, code),
    codeExpiresAt: new Date(now.getTime() + WITHDRAWAL_CODE_TTL_MS),
  };
}

export const WITHDRAWAL_CODE_SUBJECT = 'withdrawal confirmation code';

/** The e-mail that carries a withdrawal's code to its customer (the only place the code ever goes). */
export function withdrawalCodeMessage(input: {
  siteName: string;
  to: string;
  userId: string;
  name: string;
  code: string;
  amount: string;
  method: string;
  freezeLink: string;
}): MailMessage {
  const minutes = WITHDRAWAL_CODE_TTL_MS / 60_000;
  const lines = [
    `Hello ${input.name},`,
    '',
    `To confirm your withdrawal of ${input.amount} by ${input.method}, enter this code on the withdrawal page:`,
    '',
    input.code,
    '',
    `The code is valid for ${minutes} minutes. Nobody from ${input.siteName} will ever ask you for it, and no payment is ever needed to withdraw.`,
    'If you did not ask for this withdrawal, do not enter the code and contact support.',
    '',
    ...freezeLines(input.freezeLink),
  ];
  return {
    to: input.to,
    userId: input.userId,
    subject: `${input.siteName}: your ${WITHDRAWAL_CODE_SUBJECT}`,
    text: lines.join('\n'),
  };
}

/** The freeze link every withdrawal e-mail carries. */
function freezeLines(freezeLink: string): string[] {
  return [
    'Not you? Open this link to freeze withdrawals at once and sign out everywhere (you can unfreeze after signing in):',
    freezeLink,
  ];
}

export const WITHDRAWAL_NOTICE_SUBJECT = 'withdrawal requested';

/** The e-mail telling a customer that a withdrawal was requested on their account (no code needed). */
export function withdrawalNoticeMessage(input: {
  siteName: string;
  to: string;
  userId: string;
  name: string;
  amount: string;
  method: string;
  freezeLink: string;
}): MailMessage {
  const lines = [
    `Hello ${input.name},`,
    '',
    `A withdrawal of ${input.amount} by ${input.method} was requested on your account.`,
    'No payment is ever needed to withdraw. You can cancel the request on the withdrawal page until it is decided.',
    '',
    ...freezeLines(input.freezeLink),
  ];
  return {
    to: input.to,
    userId: input.userId,
    subject: `${input.siteName}: ${WITHDRAWAL_NOTICE_SUBJECT}`,
    text: lines.join('\n'),
  };
}
