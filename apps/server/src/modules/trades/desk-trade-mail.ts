import { DESK_TRADE_MESSAGES, type Trade } from '@candor/contracts/trades';
import { formatUsd } from '@candor/domain/money/money';
import type { MailMessage } from '../mail/mailer.ts';

/** "2026-11-22 12:30 UTC" */
function formatTime(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The e-mail telling a customer that the desk booked a trade for them: what it is, its result, the
 * desk's reason, and that nothing is posted unless they accept it before it expires. Kept in the
 * customer's Messages (`userId`) even if their address changed while it was being booked.
 */
export function deskTradeProposedMessage(input: {
  siteName: string;
  to: string;
  userId: string;
  name: string;
  trade: Trade;
  /** The result in cents. */
  result: bigint;
}): MailMessage {
  const { trade } = input;
  if (!trade.desk || trade.result === null || trade.closePrice === null || trade.closedAt === null) {
    throw new Error('only a booked desk trade is mailed as a proposal');
  }
  const cents = input.result;
  const result = cents < 0n ? `a loss of ${formatUsd(-cents)}` : `a profit of ${formatUsd(cents)}`;
  const lines = [
    `Hello ${input.name},`,
    '',
    `The ${input.siteName} desk booked a trade executed outside the platform on your behalf. Nothing is posted to your account unless you accept it.`,
    '',
    `${trade.direction.toUpperCase()} ${trade.symbol}, amount ${trade.amount} USD, lot size ${trade.lotSize}`,
    `Opened ${formatTime(trade.openedAt)} at ${trade.openPrice}`,
    `Closed ${formatTime(trade.closedAt)} at ${trade.closePrice}`,
    `Result: ${result}`,
    `The desk's reason: ${trade.desk.reason}`,
    '',
    `Sign in and open Desk trades to accept or reject it. Unless you accept it by ${formatTime(trade.desk.expiresAt)}, it expires and nothing is posted.`,
  ];
  return {
    to: input.to,
    userId: input.userId,
    subject: `${input.siteName}: ${DESK_TRADE_MESSAGES.awaiting}`,
    text: lines.join('\n'),
  };
}
