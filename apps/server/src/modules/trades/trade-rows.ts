import type { AdminTrade } from '@candor/contracts/admin-trades';
import { type Trade, TradeSchema } from '@candor/contracts/trades';
import { formatPrice } from '@candor/domain/money/decimal';
import { formatDecimal } from '@candor/domain/money/money';
import { formatLotSize } from '@candor/domain/trading/trade-result';
import type { CopyMarks } from './copy-marks.repository.ts';
import type { TradeRow, TradeWithCustomer } from './trades.repository.ts';

/**
 * A stored trade as the API shows it, a copy with its mark from `marks` (findCopyMarks); a stored
 * value outside the contract, or a copy without its mark, is a bug (fails loudly).
 */
export function toTrade(row: TradeRow, marks: CopyMarks): Trade {
  const copiedFrom = marks.get(row.id) ?? null;
  if (row.copyRelationId !== null && copiedFrom === null) {
    throw new Error(`the copied trade ${row.id} was answered without its copy mark`);
  }
  return TradeSchema.parse({
    id: row.id,
    symbol: row.symbol,
    instrumentClass: row.instrumentClass,
    direction: row.direction,
    amount: formatDecimal(row.amountMinor),
    lotSize: formatLotSize(row.lotHundredths),
    exposure: formatDecimal(row.exposureMinor),
    openPrice: row.openPrice,
    openedAt: row.openedAt.toISOString(),
    status: row.status,
    closePrice: row.closePrice,
    closedAt: row.closedAt?.toISOString() ?? null,
    result: row.resultMinor === null ? null : formatDecimal(row.resultMinor),
    closedBy: row.closedBy,
    closeReason: row.closeReason,
    bookedByDesk: row.bookedByDesk,
    desk:
      row.deskStatus && row.deskExpiresAt
        ? {
            status: row.deskStatus,
            reason: row.deskReason ?? '',
            bookedAt: row.createdAt.toISOString(),
            expiresAt: row.deskExpiresAt.toISOString(),
            decidedAt: row.deskDecidedAt?.toISOString() ?? null,
          }
        : null,
    priceSource: row.priceSource,
    openMidPrice: row.openMidPrice,
    closeMidPrice: row.closeMidPrice,
    spread:
      row.spreadUnit !== null && row.spreadValue !== null
        ? { unit: row.spreadUnit, value: row.spreadValue }
        : null,
    copiedFrom,
  });
}

export function toAdminTrade({ trade, customer }: TradeWithCustomer, marks: CopyMarks): AdminTrade {
  return {
    ...toTrade(trade, marks),
    userId: trade.userId,
    email: customer.email,
    customerName: customer.name,
  };
}

/**
 * "BUY BTCUSD ×1.00 at 67,234.12": how ledger entries (the customer's statement) name a trade, its
 * price written as every page writes one (formatPrice).
 */
export function describeTrade(
  row: Pick<TradeRow, 'direction' | 'symbol' | 'lotHundredths' | 'openPrice'>,
): string {
  return `${row.direction.toUpperCase()} ${row.symbol} ×${formatLotSize(row.lotHundredths)} at ${formatPrice(row.openPrice)}`;
}
