import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { DeskTradesBanner } from '../features/desk-trades/desk-trades-banner.tsx';
import { MarketOverview } from '../features/market/market-overview.tsx';
import { TradeList } from '../features/trade-list/trade-list.tsx';

/**
 * /dashboard: the balances, with the market overview and the customer's trades (Closed first);
 * above, the notice of desk trades awaiting the customer.
 */
export function DashboardRoute() {
  return (
    <>
      <DeskTradesBanner />
      <DashboardPage marketOverview={<MarketOverview />} tradeList={<TradeList />} />
    </>
  );
}
