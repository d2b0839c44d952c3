import { DeskTradesBanner } from '../features/desk-trades/desk-trades-banner.tsx';
import { TradeList } from '../features/trade-list/trade-list.tsx';
import { TradesPage } from '../features/trades/trades-page.tsx';

/**
 * /trades: the market and the trade form, with the customer's trades below (Active first); above,
 * the notice of desk trades awaiting the customer.
 */
export function TradesRoute() {
  return (
    <>
      <DeskTradesBanner />
      <TradesPage tradeList={<TradeList initialTab="open" />} />
    </>
  );
}
