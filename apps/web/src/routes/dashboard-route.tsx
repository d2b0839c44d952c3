import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { MarketOverview } from '../features/market/market-overview.tsx';
import { TradeList } from '../features/trade-list/trade-list.tsx';

/** /dashboard: the balances, with the market overview and the customer's trades (Closed first). */
export function DashboardRoute() {
  return <DashboardPage marketOverview={<MarketOverview />} tradeList={<TradeList />} />;
}
