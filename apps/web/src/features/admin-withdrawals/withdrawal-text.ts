import { toMinorUnits } from '@candor/contracts/money';
import { formatUsd } from '@candor/domain/money/money';

/** A decimal amount from the API ("1234.50") as people read it: "$1,234.50". */
export function usdText(amount: string): string {
  return formatUsd(toMinorUnits(amount));
}
