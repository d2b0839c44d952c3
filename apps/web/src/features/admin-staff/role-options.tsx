import { STAFF_ROLE_LABELS, STAFF_ROLES } from '@candor/contracts/staff';

/** What each role may do, in a line (contracts/staff.ts says it in full). */
export const ROLE_SUMMARIES = {
  owner: 'Everything, and manages staff',
  admin: 'Everything but staff',
  support: 'Reads customers and money movements; changes nothing',
  compliance: 'Verification, suspensions, withdrawal holds',
  accountant: 'Deposits, withdrawals, adjustments, booked trades',
} as const;

/** The staff roles as select options; `withRemove` adds taking the member off the staff. */
export function RoleOptions({ withRemove = false }: { withRemove?: boolean }) {
  return (
    <>
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {STAFF_ROLE_LABELS[role]}
        </option>
      ))}
      {withRemove ? <option value="client">Remove from staff</option> : null}
    </>
  );
}
