import type { AdminTrade, BookTradeRequest } from '@candor/contracts/admin-trades';
import { type DeskTradeBooking, type FourEyesNote, NO_SECOND_DECIDER } from '@candor/contracts/approvals';
import type { DeskBooking } from '@candor/contracts/desk-bookings';
import type { PriceSourceId } from '@candor/contracts/market';
import { toMinorUnits } from '@candor/contracts/money';
import { TRADE_MESSAGES } from '@candor/contracts/trades';
import { debitFitsBalance } from '@candor/domain/approvals/approval-status';
import { compareDecimal } from '@candor/domain/market/candles';
import type { InstrumentSpec } from '@candor/domain/market/instrument';
import { formatDecimal, formatUsd } from '@candor/domain/money/money';
import { checkBookedPrice } from '@candor/domain/trading/booking-range';
import { checkBookingTimes } from '@candor/domain/trading/booking-times';
import { deskTradeExpiresAt } from '@candor/domain/trading/desk-trade-status';
import { computeTradeResult, formatLotSize } from '@candor/domain/trading/trade-result';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Command, Outbox } from '../../lib/transactions.ts';
import type { MarketService } from '../../market/market.service.ts';
import { requireLockedOpenCustomer } from '../admin-users/admin-users.service.ts';
import { hasSecondDecider } from '../approvals/approval-deciders.ts';
import { selectWaitingCashClaims } from '../approvals/approvals.repository.ts';
import {
  requestDeskTradeApproval,
  staffMoveRequiresSecondApproval,
} from '../approvals/request-approval.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { lockCustomerAccounts, selectBalanceFigures } from '../ledger/ledger.repository.ts';
import { readSiteName } from '../settings/settings.service.ts';
import type { UserRow } from '../users/users.repository.ts';
import { NO_COPY_MARKS } from './copy-marks.repository.ts';
import { deskTradeProposedMessage } from './desk-trade-mail.ts';
import { requireLotSize, requireTradableInstrument, tradeTerms } from './trade-inputs.ts';
import { toTrade } from './trade-rows.ts';
import { insertTrade, type NewTrade } from './trades.repository.ts';
import { findTradingTerms } from './trading-terms.ts';

/** "2026-11-22 12:30 UTC": how an error names a minute. */
function formatMinute(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Checks that `price` lies within its minute's recorded low–high ± 0.1 % (the 1-minute candle of
 * that minute from the market service); answers the source that recorded it.
 */
async function checkRecordedPrice(
  market: MarketService,
  spec: InstrumentSpec,
  which: 'open' | 'close',
  at: Date,
  price: string,
): Promise<PriceSourceId> {
  const minute = Math.floor(at.getTime() / 60_000) * 60;
  const { candles, source } = await market.readCandles(spec.symbol, {
    interval: '1m',
    from: minute,
    to: minute,
  });
  const candle = candles.find((c) => c.time === minute);
  if (!candle) throw new AppError('VALIDATION_FAILED', `No recorded prices for ${formatMinute(minute)}`);
  const checked = checkBookedPrice({ which, price, minute: candle, pricePrecision: spec.pricePrecision });
  if (!checked.ok) throw AppError.from(checked.error);
  return source;
}

/**
 * The booking's times (checkBookingTimes: the close after the open and in the past, the open not
 * before the customer's account was created nor more than BOOKING_WINDOW_DAYS back), both prices
 * above zero.
 */
function checkBookingInputs(
  input: BookingTerms,
  now: Date,
  accountCreatedAt: Date,
): { openedAt: Date; closedAt: Date } {
  const times = checkBookingTimes({
    openedAt: Date.parse(input.openedAt),
    closedAt: Date.parse(input.closedAt),
    now: now.getTime(),
    accountCreatedAt: accountCreatedAt.getTime(),
  });
  if (!times.ok) throw AppError.from(times.error);
  if (compareDecimal(input.openPrice, '0') <= 0 || compareDecimal(input.closePrice, '0') <= 0) {
    throw new AppError('VALIDATION_FAILED', 'Prices must be greater than zero');
  }
  return { openedAt: new Date(times.value.openedAt), closedAt: new Date(times.value.closedAt) };
}

/** What a booking books: the request without its reason (an approval keeps that as its maker's). */
export type BookingTerms = Omit<BookTradeRequest, 'reason'>;

/** A booking that passed every check against the facts of `now`, ready to be proposed. */
export type CheckedBooking = {
  customer: UserRow;
  terms: BookingTerms;
  values: Omit<
    NewTrade,
    'id' | 'closedByUserId' | 'bookedBy' | 'deskReason' | 'deskExpiresAt' | 'createdAt' | 'closedAt'
  > & { closedAt: Date };
  /** The result in cents. */
  result: bigint;
};

/**
 * A booked loss must leave the customer's cash for the debits and losses already awaiting a second
 * approval for them, as a manual debit must (docs/decisions/048): otherwise one of those could never
 * be carried out. Read under the customer's account lock, which manual debits take too.
 */
async function requireLossFits(
  tx: Db,
  {
    userId,
    loss,
    available,
    approvalId,
  }: { userId: string; loss: bigint; available: bigint; approvalId?: string },
): Promise<void> {
  const waiting = await selectWaitingCashClaims(tx, userId, approvalId);
  if (debitFitsBalance(loss, waiting, available)) return;
  const claimed = waiting.reduce((sum, amount) => sum + amount, 0n);
  throw new AppError(
    'INSUFFICIENT_FUNDS',
    `The loss of ${formatUsd(loss)}, with ${formatUsd(claimed)} of debits and losses awaiting a second approval for this customer, is more than their available balance of ${formatUsd(available)}`,
  );
}

/**
 * Checks a booking against today's facts (PRODUCT.md §2 Admin user details): the customer's account
 * open, its times within checkBookingTimes' bounds, a lot size within the customer's own maximum
 * leverage (their trading terms), each price within its minute's recorded range, and an amount (the
 * margin, which bounds the loss) within the customer's available cash now (INSUFFICIENT_FUNDS;
 * acceptance checks again), and a loss that leaves that cash for what already awaits a second approval
 * for the customer (their debits, their other bookings' losses: docs/decisions/048 and 054). The
 * result is computed like any other trade's. Booking runs it, and so does the second staff member's
 * approval of a booking above the four-eyes threshold (`approvalId`: that booking is not counted
 * against itself). Locks the customer's accounts (lockCustomerAccounts) for the rest of the transaction.
 */
export async function checkBooking({
  tx,
  now,
  market,
  userId,
  terms,
  approvalId,
}: Omit<
  Command<{ market: MarketService; userId: string; terms: BookingTerms; approvalId?: string }>,
  'actor'
>): Promise<CheckedBooking> {
  // Share-locked (docs/decisions/055): a close or a staff role under way is waited for, and a close
  // is seen, so no proposal or approval is left on a closed account.
  const customer = await requireLockedOpenCustomer(tx, userId);
  // Then the lock every movement of the customer's cash takes: the cash read below is the one the
  // booking is judged by, and bookings and manual adjustments for the customer take turns, so the
  // four-eyes total read after this counts every one before (docs/decisions/054).
  await lockCustomerAccounts(tx, [userId]);
  const spec = requireTradableInstrument(market, terms.symbol);
  // The customer's own terms, as their own open reads them: a booking never exceeds what they could open.
  const trading = await findTradingTerms(tx, userId, now);
  const lotHundredths = requireLotSize(
    terms.lotSize,
    trading.maxLeverage,
    TRADE_MESSAGES.lotSizeAboveCustomerLeverage,
  );
  const { openedAt, closedAt } = checkBookingInputs(terms, now, customer.createdAt);
  const source = await checkRecordedPrice(market, spec, 'open', openedAt, terms.openPrice);
  await checkRecordedPrice(market, spec, 'close', closedAt, terms.closePrice);

  const amount = toMinorUnits(terms.amount);
  const result = computeTradeResult({
    direction: terms.direction,
    amountCents: amount,
    lotHundredths,
    openPrice: terms.openPrice,
    closePrice: terms.closePrice,
  });
  // The customer must have been able to trade it: its amount is the margin any trade takes from the
  // available cash (PRODUCT.md §2). A loss never exceeds the amount (computeTradeResult), so the
  // cash covers it too.
  const { available } = await selectBalanceFigures(tx, userId);
  if (amount > available) {
    throw new AppError(
      'INSUFFICIENT_FUNDS',
      `The amount of ${formatUsd(amount)} is more than the customer's available balance of ${formatUsd(available)}`,
    );
  }
  if (result < 0n) await requireLossFits(tx, { userId, loss: -result, available, approvalId });
  return {
    customer,
    terms,
    result,
    values: {
      userId,
      ...tradeTerms(spec, terms.direction, amount, lotHundredths),
      openPrice: terms.openPrice,
      openedAt,
      stopOutPrice: null,
      status: 'closed',
      closePrice: terms.closePrice,
      closedAt,
      resultMinor: result,
      closedBy: 'desk',
      bookedByDesk: true,
      deskStatus: 'proposed',
      priceSource: source,
    },
  };
}

/**
 * Proposes a checked booking to the customer: the trade is stored closed (bookedByDesk, closedBy
 * 'desk') as a proposal that expires unaccepted 7 days from `now`; nothing is posted until the
 * customer accepts it (acceptDeskTrade). The customer is mailed once the transaction has committed.
 * Audited as 'trade.book' with the maker's reason; after a second approval, with the checker as
 * approver and the approval's id and reason.
 */
export async function proposeBooking({
  tx,
  actor,
  now,
  outbox,
  booking,
  reason,
  fourEyes,
  alone,
}: Command<{
  outbox: Outbox;
  booking: CheckedBooking;
  reason: string;
  fourEyes?: { approver: Actor; approvalId: string; reason: string };
  /** Above the threshold, proposed at once: nobody else could decide it (decision 053). */
  alone?: FourEyesNote;
}>): Promise<AdminTrade> {
  const { customer, result } = booking;
  const values = {
    ...booking.values,
    id: crypto.randomUUID(),
    closedByUserId: actor.id,
    bookedBy: actor.id,
    deskReason: reason,
    deskExpiresAt: new Date(deskTradeExpiresAt(now.getTime())),
    createdAt: now,
  } satisfies NewTrade;

  // A desk trade is never a copy.
  const trade = toTrade(await insertTrade(tx, values), NO_COPY_MARKS);
  outbox.queue(
    deskTradeProposedMessage({
      siteName: await readSiteName(tx),
      to: customer.email,
      userId: customer.id,
      name: customer.name,
      trade,
      result,
    }),
  );
  await recordAudit(tx, {
    actor,
    approver: fourEyes?.approver ?? null,
    action: 'trade.book',
    targetType: 'trade',
    targetId: values.id,
    subjectUserId: customer.id,
    reason,
    before: null,
    after: {
      ...trade,
      userId: customer.id,
      result: formatDecimal(result),
      ...(fourEyes ? { approvalId: fourEyes.approvalId, approverReason: fourEyes.reason } : {}),
      ...(alone ? { fourEyes: alone } : {}),
    },
  });
  return { ...trade, userId: customer.id, email: customer.email, customerName: customer.name };
}

/** A checked booking as its approval keeps it: what the second staff member reads and approves. */
function toDeskTradeBooking({ terms, values, result }: CheckedBooking): DeskTradeBooking {
  return {
    symbol: values.symbol,
    direction: terms.direction,
    amount: formatDecimal(values.amountMinor),
    lotSize: formatLotSize(values.lotHundredths),
    openedAt: values.openedAt.toISOString(),
    openPrice: terms.openPrice,
    closedAt: values.closedAt.toISOString(),
    closePrice: terms.closePrice,
    result: formatDecimal(result),
  };
}

/**
 * Books a trade executed outside the platform on the customer's behalf, with a reason the customer
 * reads (checkBooking, which takes the customer's lock). When its result's size, with what staff
 * moved for the customer in the last 24 hours (manual adjustments and desk trades, proposed,
 * accepted or awaiting), is at or below the four-eyes threshold it is proposed to the customer at
 * once (proposeBooking, state 'proposed'); strictly above it, it waits for a second staff member
 * instead (state 'awaiting_approval', docs/decisions/054): nothing reaches the customer until that
 * approval.
 */
export async function bookTrade({
  tx,
  actor,
  now,
  outbox,
  market,
  userId,
  input,
}: Command<{
  outbox: Outbox;
  market: MarketService;
  userId: string;
  input: BookTradeRequest;
}>): Promise<DeskBooking> {
  const { reason, ...terms } = input;
  const booking = await checkBooking({ tx, now, market, userId, terms });
  const aboveThreshold = await staffMoveRequiresSecondApproval(tx, {
    userId,
    amountMinor: booking.result,
    now,
  });
  if (aboveThreshold && (await hasSecondDecider(tx, { kind: 'desk_trade', makerId: actor.id }))) {
    const approval = await requestDeskTradeApproval({
      tx,
      actor,
      now,
      userId,
      booking: toDeskTradeBooking(booking),
      resultMinor: booking.result,
      reason,
    });
    return { state: 'awaiting_approval', trade: null, approval, fourEyes: null };
  }
  // Above the threshold with nobody else able to decide it: proposed now, and it says why (053).
  const fourEyes = aboveThreshold ? NO_SECOND_DECIDER : null;
  const trade = await proposeBooking({
    tx,
    actor,
    now,
    outbox,
    booking,
    reason,
    ...(fourEyes ? { alone: fourEyes } : {}),
  });
  return { state: 'proposed', trade, approval: null, fourEyes };
}
