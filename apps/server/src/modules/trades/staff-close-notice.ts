import { formatUtcMinute } from '@candor/contracts/account-security';
import { CLOSED_BY_LABELS } from '@candor/contracts/trades';
import { formatPrice } from '@candor/domain/money/decimal';
import { formatUsd } from '@candor/domain/money/money';
import { formatLotSize } from '@candor/domain/trading/trade-result';
import type { MailMessage } from '../mail/mailer.ts';
import { noticeMail } from '../mail/notice-mail.ts';
import type { TradeRow } from './trades.repository.ts';

/** "a profit of $2.98", "a loss of $0.15", "no profit or loss". */
function describeResult(cents: bigint): string {
  if (cents > 0n) return `a profit of ${formatUsd(cents)}`;
  if (cents < 0n) return `a loss of ${formatUsd(-cents)}`;
  return 'no profit or loss';
}

/**
 * Tells the customer that staff closed their open trade (docs/decisions/046-no-silent-money-moves.md
 * §4): the instrument and direction, the close price and time, the result, and the reason as staff
 * wrote it. A close at a chosen moment decides the customer's result, so they hear of it as of a
 * manual adjustment. It names no staff member (the audit log does). Kept in the account's Messages too.
 */
export function staffCloseNotice({
  userId,
  to,
  name,
  siteName,
  trade,
}: {
  userId: string;
  to: string;
  name: string;
  siteName: string;
  trade: Pick<
    TradeRow,
    | 'symbol'
    | 'direction'
    | 'amountMinor'
    | 'lotHundredths'
    | 'openPrice'
    | 'closePrice'
    | 'closedAt'
    | 'resultMinor'
    | 'closeReason'
  >;
}): MailMessage {
  const { closePrice, closedAt, resultMinor, closeReason } = trade;
  if (closePrice === null || closedAt === null || resultMinor === null || closeReason === null) {
    throw new Error('only a trade closed by staff, with a reason, is told as such');
  }
  const what = `${trade.direction.toUpperCase()} ${trade.symbol}`;
  return noticeMail({
    to,
    userId,
    subject: `${siteName}: your ${what} trade was closed by an administrator`,
    name,
    paragraphs: [
      `${CLOSED_BY_LABELS.admin}: your ${what} trade (amount ${formatUsd(trade.amountMinor)}, lot size ${formatLotSize(trade.lotHundredths)}, opened at ${formatPrice(trade.openPrice)}) was closed at ${formatPrice(closePrice)} on ${formatUtcMinute(closedAt.toISOString())}.`,
      `Result: ${describeResult(resultMinor)}.`,
      `Reason: ${closeReason}`,
      'It is among your closed trades and on your Statement, with the reason. If you did not ask for it, contact the site at once.',
    ],
  });
}
