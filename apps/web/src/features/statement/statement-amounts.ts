import type { StatementEntry } from '@candor/contracts/ledger';
import { formatUsd } from '@candor/domain/money/money';
import { toSignedCents } from '../../lib/signed-usd.ts';

/** A balance for people: "$1,234.56". */
export function formatBalance(decimal: string): string {
  return formatUsd(toSignedCents(decimal));
}

/** How a statement line shows the money an entry moved. */
export type EntryAmount = {
  /** The change shown as the entry's amount. */
  cents: bigint;
  /** True when the entry moved only reserved funds (a paid-out withdrawal, its fee). */
  fromReserved: boolean;
  /** The change to reserved funds, shown as a second line, when the entry moved both. */
  reservedCents: bigint | null;
};

/**
 * The amount of an entry: its change to available cash, with the change to reserved funds as a
 * second line when it moved both (a reservation, a release); an entry that moved only reserved
 * funds shows that change, marked as from reserved funds.
 */
export function describeEntryAmount(
  entry: Pick<StatementEntry, 'availableChange' | 'reservedChange'>,
): EntryAmount {
  if (entry.availableChange !== null) {
    return {
      cents: toSignedCents(entry.availableChange),
      fromReserved: false,
      reservedCents: entry.reservedChange === null ? null : toSignedCents(entry.reservedChange),
    };
  }
  return {
    cents: entry.reservedChange === null ? 0n : toSignedCents(entry.reservedChange),
    fromReserved: true,
    reservedCents: null,
  };
}

/** The text colour of a change: gains green, losses in the body colour. */
export function amountTone(cents: bigint): string {
  return cents > 0n ? 'text-emerald-700' : 'text-slate-900';
}
