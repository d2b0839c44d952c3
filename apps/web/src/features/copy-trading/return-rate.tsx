/**
 * The 30-day time-weighted return, or "—" with why while it is not computed: never an invented number.
 */
export function ReturnRate({ value }: { value: string | null }) {
  if (value === null) {
    return (
      <span title="Not enough history yet">
        —<span className="sr-only"> Not enough history yet</span>
      </span>
    );
  }
  const negative = value.startsWith('-');
  return <span className={negative ? 'text-red-600' : 'text-emerald-700'}>{value}%</span>;
}
