import type { Candle } from '@candor/contracts/market';
import { toMinorUnits } from '@candor/contracts/money';
import { type AdminTrade, type BookTradeRequest, TRADE_MESSAGES } from '@candor/contracts/trades';
import { bookedTradeResultEntry } from '@candor/domain/ledger/entries';
import { compareDecimal } from '@candor/domain/market/candles';
import type { InstrumentSpec } from '@candor/domain/market/instrument';
import { parseDecimal } from '@candor/domain/money/decimal';
import { formatDecimal, formatUsd } from '@candor/domain/money/money';
import {
  computeExposure,
  computeTradeResult,
  DEFAULT_MAX_LEVERAGE,
  parseLotSize,
} from '@candor/domain/trading/trade-result';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { trades } from '../../db/schema/trades.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MarketService } from '../../market/market.service.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { lockCustomerAccounts, postEntries } from '../ledger/ledger.repository.ts';
import { describeTrade, toTrade } from './trades.service.ts';

/** A booked price may lie this far outside its minute's recorded low–high: 0.1 % = 10 basis points. */
export const BOOKING_TOLERANCE_BPS = 10n;

/** "2026-11-22 12:30 UTC": how an error names a minute. */
function formatMinute(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The minute's low − 0.1 % and high + 0.1 %, rounded inward to `scale` decimals (so both lie inside the tolerance). */
export function bookingRange(
  candle: Pick<Candle, 'low' | 'high'>,
  scale: number,
): { low: string; high: string } {
  const widen = (text: string, bps: bigint, up: boolean): string => {
    const parsed = parseDecimal(text);
    if (!parsed.ok) throw new Error(`not a price: ${text}`);
    // value × (10000 ± bps) / 10000, expressed in units of 10^-scale
    const numerator = parsed.value.units * (10_000n + bps) * 10n ** BigInt(scale);
    const denominator = 10_000n * 10n ** BigInt(parsed.value.scale);
    const units = up ? (numerator + denominator - 1n) / denominator : numerator / denominator;
    return formatDecimal(units, scale);
  };
  return {
    low: widen(candle.low, -BOOKING_TOLERANCE_BPS, true),
    high: widen(candle.high, BOOKING_TOLERANCE_BPS, false),
  };
}

function decimalsOf(text: string): number {
  const parsed = parseDecimal(text);
  return parsed.ok ? parsed.value.scale : 0;
}

/**
 * Checks that `price` lies within its minute's recorded low–high ± 0.1 %: the 1-minute candle of
 * that minute from the market service. VALIDATION_FAILED naming the range, or the missing minute.
 */
async function checkRecordedPrice(
  market: MarketService,
  spec: InstrumentSpec,
  which: 'open' | 'close',
  at: Date,
  price: string,
): Promise<string> {
  const minute = Math.floor(at.getTime() / 60_000) * 60;
  const { candles, source } = await market.readCandles(spec.symbol, {
    interval: '1m',
    from: minute,
    to: minute,
  });
  const candle = candles.find((c) => c.time === minute);
  if (!candle) throw new AppError('VALIDATION_FAILED', `No recorded prices for ${formatMinute(minute)}`);
  const scale = Math.max(spec.pricePrecision, decimalsOf(candle.low), decimalsOf(candle.high));
  const range = bookingRange(candle, scale);
  if (compareDecimal(price, range.low) < 0 || compareDecimal(price, range.high) > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The ${which} price must be between ${range.low} and ${range.high} (the minute's range ± 0.1 %)`,
    );
  }
  return source;
}

/**
 * Books a trade executed outside the platform on the customer's behalf (PRODUCT.md §2 Admin user
 * details), inside the caller's (money request) transaction: both times in the past, each price
 * within its minute's recorded range, the result computed like any other trade's. The trade is
 * stored closed (bookedByDesk, closedBy 'desk'); it had no margin here, so only its result is
 * posted. A loss larger than the customer's cash is refused (INSUFFICIENT_FUNDS). Audited.
 */
export async function bookTrade(
  tx: Db,
  market: MarketService,
  actor: AuditActor,
  userId: string,
  input: BookTradeRequest,
  now: Date,
): Promise<AdminTrade> {
  const [customer] = await tx
    .select({ id: users.id, email: users.email, name: users.name, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  if (!customer) throw new AppError('USER_NOT_FOUND', 'User not found');
  if (customer.status === 'closed') throw new AppError('ACCOUNT_CLOSED', 'This account is closed');

  let spec: InstrumentSpec;
  try {
    spec = market.requireInstrument(input.symbol);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw new AppError('VALIDATION_FAILED', `Unknown instrument: ${input.symbol}`);
    }
    throw error;
  }
  const lot = parseLotSize(input.lotSize);
  if (!lot.ok) throw new AppError('VALIDATION_FAILED', TRADE_MESSAGES.lotSizePositive);
  if (lot.value > DEFAULT_MAX_LEVERAGE * 100) {
    throw new AppError('VALIDATION_FAILED', TRADE_MESSAGES.lotSizeAboveLeverage(DEFAULT_MAX_LEVERAGE));
  }
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
  const source = await checkRecordedPrice(market, spec, 'open', openedAt, input.openPrice);
  await checkRecordedPrice(market, spec, 'close', closedAt, input.closePrice);

  const amount = toMinorUnits(input.amount);
  const result = computeTradeResult({
    direction: input.direction,
    amountCents: amount,
    lotHundredths: lot.value,
    openPrice: input.openPrice,
    closePrice: input.closePrice,
  });
  const id = crypto.randomUUID();
  const values = {
    id,
    userId,
    symbol: spec.symbol,
    instrumentClass: spec.class,
    direction: input.direction,
    amountMinor: amount,
    lotHundredths: lot.value,
    exposureMinor: computeExposure(amount, lot.value),
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
  } satisfies typeof trades.$inferInsert;

  let entryId: string | null = null;
  if (result !== 0n) {
    const [cash] = (await lockCustomerAccounts(tx, [userId])).filter((a) => a.kind === 'customer_cash');
    const available = cash?.balanceMinor ?? 0n;
    if (available + result < 0n) {
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `The loss of ${formatUsd(-result)} is more than the customer's available balance of ${formatUsd(available)}`,
      );
    }
    const [posted] = await postEntries(
      tx,
      [
        bookedTradeResultEntry({
          userId,
          result,
          tradeId: id,
          description: `${describeTrade(values)}, closed at ${input.closePrice}`,
        }),
      ],
      actor,
    );
    entryId = posted ? posted.id.toString() : null;
  }
  const [row] = await tx.insert(trades).values(values).returning();
  if (!row) throw new Error('the booked trade was not stored');
  const trade = toTrade(row);
  await recordAudit(tx, {
    actor,
    action: 'trade.book',
    targetType: 'trade',
    targetId: id,
    before: null,
    after: { ...trade, userId, result: formatDecimal(result), entryId },
  });
  return { ...trade, userId, email: customer.email, customerName: customer.name };
}
