import { useSearch } from '@tanstack/react-router';
import { DeskTradesBanner } from '../features/desk-trades/desk-trades-banner.tsx';
import { TradeList } from '../features/trade-list/trade-list.tsx';
import { TradesPage } from '../features/trades/trades-page.tsx';

/**
 * /trades: the market and the trade form, with the customer's trades below (Active first); above,
 * the notice of desk trades awaiting the customer. `?symbol=` picks the instrument first shown.
 */
export function TradesRoute() {
  // ?symbol=BTCUSD (a signals list row) opens that instrument.
  const { symbol } = useSearch({ strict: false });
  return (
    <>
      <DeskTradesBanner />
      <TradesPage key={symbol} initialSymbol={symbol} tradeList={<TradeList initialTab="open" />} />
    </>
  );
}
