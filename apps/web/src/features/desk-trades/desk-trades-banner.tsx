import { DESK_TRADE_MESSAGES } from '@candor/contracts/trades';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { deskTradeSummaryQuery } from './desk-trades-api.ts';

/**
 * The notice on the dashboard and /trades while a trade booked by the desk awaits the customer:
 * nothing is posted until they accept it, so they must be told where to answer.
 */
export function DeskTradesBanner() {
  const { data } = useQuery(deskTradeSummaryQuery);
  if (!data || data.awaiting === 0) return null;
  return (
    <div
      role="status"
      className="mb-6 flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        <strong className="font-semibold">{DESK_TRADE_MESSAGES.awaiting}</strong>
        {data.awaiting > 1 ? ` (${data.awaiting} trades)` : null}. Nothing is posted to your account unless
        you accept it.
      </p>
      <Link to="/desk-trades" className="font-semibold whitespace-nowrap text-amber-900 underline">
        Review desk trades
      </Link>
    </div>
  );
}
