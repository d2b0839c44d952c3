import { STAFF_ACCOUNT_MONEY_MESSAGE } from '@candor/contracts/staff';

/**
 * What a staff account reads where a customer would move money (a deposit, a withdrawal, a trade,
 * a loan; a staff member's page in the back office): staff accounts hold no money, and the server
 * refuses every such movement (decision 062). `className` sets the notice's size and place.
 */
export function StaffAccountNotice({ className }: { className: string }) {
  return (
    <p className={`rounded-xl border border-slate-200 bg-slate-50 text-slate-700 ${className}`}>
      {STAFF_ACCOUNT_MONEY_MESSAGE}
    </p>
  );
}
