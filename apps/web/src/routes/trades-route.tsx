import { TradeList } from '../features/trade-list/trade-list.tsx';
import { TradesPage } from '../features/trades/trades-page.tsx';

/** /trades: the market and the trade form, with the customer's trades below (Active first). */
export function TradesRoute() {
  return <TradesPage tradeList={<TradeList initialTab="open" />} />;
}
