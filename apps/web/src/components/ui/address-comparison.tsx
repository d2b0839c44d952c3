import { COINS, type CoinAddresses } from '@candor/contracts/coins';

/** How the wallet form names each coin's address. */
export const COIN_ADDRESS_LABELS = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  usdt: 'USDT (TRC-20)',
} as const satisfies Record<keyof CoinAddresses, string>;

/**
 * The deposit addresses before and after a change, side by side, coin by coin: a changed address
 * is marked (the old one struck through, the new one highlighted; "Added" where there was none); an
 * unchanged one is muted. The
 * columns are named by `labels` ("In force" and "Proposed" while it waits).
 */
export function AddressComparison({
  before,
  after,
  labels,
  caption,
}: {
  before: CoinAddresses;
  after: CoinAddresses;
  labels: readonly [string, string];
  caption: string;
}) {
  return (
    <table className="w-full table-fixed border-separate border-spacing-x-2 text-left text-xs sm:border-spacing-x-3">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {labels.map((label) => (
            <th key={label} scope="col" className="pb-1 font-medium text-slate-500">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      {COINS.map((coin) => {
        const changed = before[coin] !== after[coin];
        const added = changed && before[coin] === null;
        return (
          <tbody key={coin} aria-label={COIN_ADDRESS_LABELS[coin]}>
            <tr>
              <th scope="rowgroup" colSpan={2} className="pt-3 pb-1 font-semibold text-slate-700">
                {COIN_ADDRESS_LABELS[coin]}
                <span
                  className={
                    changed
                      ? 'ml-2 rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-800'
                      : 'ml-2 font-normal text-slate-500'
                  }
                >
                  {added ? 'Added' : changed ? 'Changes' : 'Unchanged'}
                </span>
              </th>
            </tr>
            <tr className="align-top">
              <td
                className={`rounded-md px-2 py-1.5 font-mono break-all ${
                  changed && !added
                    ? 'bg-red-50 text-red-800 line-through decoration-red-300'
                    : 'bg-slate-50 text-slate-500'
                }`}
              >
                <Address value={before[coin]} />
              </td>
              <td
                className={`rounded-md px-2 py-1.5 font-mono break-all ${
                  changed ? 'bg-emerald-50 font-medium text-emerald-900' : 'bg-slate-50 text-slate-500'
                }`}
              >
                <Address value={after[coin]} />
              </td>
            </tr>
          </tbody>
        );
      })}
    </table>
  );
}

function Address({ value }: { value: string | null }) {
  return value ? value : <span className="font-sans italic">Not set</span>;
}
