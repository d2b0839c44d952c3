import type { PriceSourceId } from '@candor/contracts/market';
import { toMinorUnits } from '@candor/contracts/money';
import { type AdminTrade, type BookTradeRequest, TRADE_MESSAGES } from '@candor/contracts/trades';
import { compareDecimal } from '@candor/domain/market/candles';
import type { InstrumentSpec } from '@candor/domain/market/instrument';
import { formatDecimal, formatUsd } from '@candor/domain/money/money';
import { checkBookedPrice } from '@candor/domain/trading/booking-range';
import { checkBookingTimes } from '@candor/domain/trading/booking-times';
import { deskTradeExpiresAt } from '@candor/domain/trading/desk-trade-status';
import { computeTradeResult } from '@candor/domain/trading/trade-result';
import { AppError } from '../../lib/app-error.ts';
import type { Command, Outbox } from '../../lib/transactions.ts';
import type { MarketService } from '../../market/market.service.ts';
import { requireOpenCustomer } from '../admin-users/admin-users.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { selectBalanceFigures } from '../ledger/ledger.repository.ts';
import { readSiteName } from '../settings/settings.service.ts';
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
  input: BookTradeRequest,
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

/**
 * Books a trade executed outside the platform on the customer's behalf (PRODUCT.md §2 Admin user
 * details): its times within checkBookingTimes' bounds, a lot size within the customer's own maximum
 * leverage (their trading terms), each price within its minute's recorded range, the result
 * computed like any other trade's, and a reason the customer reads. The trade is stored closed
 * (bookedByDesk, closedBy 'desk') as a **proposal**: nothing is posted until the customer accepts
 * it (acceptDeskTrade); it expires unaccepted after 7 days. An amount (the margin, which bounds the
 * loss) larger than the customer's available cash now is refused (INSUFFICIENT_FUNDS; acceptance
 * checks again). The customer is mailed once the booking has committed. Audited, with the reason.
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
}>): Promise<AdminTrade> {
  const customer = await requireOpenCustomer(tx, userId);
  const spec = requireTradableInstrument(market, input.symbol);
  // The customer's own terms, as their own open reads them: a booking never exceeds what they could open.
  const terms = await findTradingTerms(tx, userId, now);
  const lotHundredths = requireLotSize(
    input.lotSize,
    terms.maxLeverage,
    TRADE_MESSAGES.lotSizeAboveCustomerLeverage,
  );
  const { openedAt, closedAt } = checkBookingInputs(input, now, customer.createdAt);
  const source = await checkRecordedPrice(market, spec, 'open', openedAt, input.openPrice);
  await checkRecordedPrice(market, spec, 'close', closedAt, input.closePrice);

  const amount = toMinorUnits(input.amount);
  const result = computeTradeResult({
    direction: input.direction,
    amountCents: amount,
    lotHundredths,
    openPrice: input.openPrice,
    closePrice: input.closePrice,
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
  const values = {
    id: crypto.randomUUID(),
    userId,
    ...tradeTerms(spec, input.direction, amount, lotHundredths),
    openPrice: input.openPrice,
    openedAt,
    stopOutPrice: null,
    status: 'closed',
    closePrice: input.closePrice,
    closedAt,
    resultMinor: result,
    closedBy: 'desk',
    closedByUserId: actor.id,
    bookedByDesk: true,
    bookedBy: actor.id,
    deskStatus: 'proposed',
    deskReason: input.reason,
    deskExpiresAt: new Date(deskTradeExpiresAt(now.getTime())),
    priceSource: source,
    createdAt: now,
  } satisfies NewTrade;

  // A desk trade is never a copy.
  const trade = toTrade(await insertTrade(tx, values), NO_COPY_MARKS);
  outbox.send(
    deskTradeProposedMessage({
      siteName: await readSiteName(tx),
      to: customer.email,
      name: customer.name,
      trade,
      result,
    }),
  );
  await recordAudit(tx, {
    actor,
    action: 'trade.book',
    targetType: 'trade',
    targetId: values.id,
    subjectUserId: userId,
    reason: input.reason,
    before: null,
    after: { ...trade, userId, result: formatDecimal(result) },
  });
  return { ...trade, userId, email: customer.email, customerName: customer.name };
}
