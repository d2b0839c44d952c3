import type { PriceSourceId } from '@candor/contracts/market';
import { toMinorUnits } from '@candor/contracts/money';
import type { AdminTrade, BookTradeRequest } from '@candor/contracts/trades';
import { bookedTradeResultEntry } from '@candor/domain/ledger/entries';
import { compareDecimal } from '@candor/domain/market/candles';
import type { InstrumentSpec } from '@candor/domain/market/instrument';
import { formatDecimal, formatUsd } from '@candor/domain/money/money';
import { checkBookedPrice } from '@candor/domain/trading/booking-range';
import { computeTradeResult } from '@candor/domain/trading/trade-result';
import { AppError } from '../../lib/app-error.ts';
import type { Command } from '../../lib/transactions.ts';
import type { MarketService } from '../../market/market.service.ts';
import { requireOpenCustomer } from '../admin-users/admin-users.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { postEntries } from '../ledger/ledger.repository.ts';
import { requireLotSize, requireTradableInstrument, tradeTerms } from './trade-inputs.ts';
import { describeTrade, toTrade } from './trade-rows.ts';
import { insertTrade, type NewTrade } from './trades.repository.ts';

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

/** Both times in the past, the close after the open, both prices above zero. */
function checkBookingTimes(input: BookTradeRequest, now: Date): { openedAt: Date; closedAt: Date } {
  const openedAt = new Date(input.openedAt);
  const closedAt = new Date(input.closedAt);
  if (closedAt.getTime() <= openedAt.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'The close time must be after the open time');
  }
  if (closedAt.getTime() > now.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'The open and close times must be in the past');
  }
  if (compareDecimal(input.openPrice, '0') <= 0 || compareDecimal(input.closePrice, '0') <= 0) {
    throw new AppError('VALIDATION_FAILED', 'Prices must be greater than zero');
  }
  return { openedAt, closedAt };
}

/**
 * Books a trade executed outside the platform on the customer's behalf (PRODUCT.md §2 Admin user
 * details): both times in the past, each price within its minute's recorded range, the result
 * computed like any other trade's. The trade is stored closed (bookedByDesk, closedBy 'desk'); it
 * had no margin here, so only its result is posted. A loss larger than the customer's cash is
 * refused (INSUFFICIENT_FUNDS). Audited.
 */
export async function bookTrade({
  tx,
  actor,
  now,
  market,
  userId,
  input,
}: Command<{ market: MarketService; userId: string; input: BookTradeRequest }>): Promise<AdminTrade> {
  const customer = await requireOpenCustomer(tx, userId);
  const spec = requireTradableInstrument(market, input.symbol);
  const lotHundredths = requireLotSize(input.lotSize);
  const { openedAt, closedAt } = checkBookingTimes(input, now);
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
    priceSource: source,
    createdAt: now,
  } satisfies NewTrade;

  let entryId: string | null = null;
  if (result !== 0n) {
    const entry = bookedTradeResultEntry({
      userId,
      result,
      tradeId: values.id,
      description: `${describeTrade(values)}, closed at ${input.closePrice}`,
    });
    const posted = await postEntries(tx, [entry], actor);
    if (!posted.ok) {
      const available = -result - posted.error.shortBy;
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `The loss of ${formatUsd(-result)} is more than the customer's available balance of ${formatUsd(available)}`,
      );
    }
    entryId = posted.value[0]?.id.toString() ?? null;
  }
  const trade = toTrade(await insertTrade(tx, values));
  await recordAudit(tx, {
    actor,
    action: 'trade.book',
    targetType: 'trade',
    targetId: values.id,
    subjectUserId: userId,
    before: null,
    after: { ...trade, userId, result: formatDecimal(result), entryId },
  });
  return { ...trade, userId, email: customer.email, customerName: customer.name };
}
