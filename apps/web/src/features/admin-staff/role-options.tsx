import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@candor/contracts/staff';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { LabelledField, textControlClass } from '../../components/ui/labelled-field.tsx';

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

/** The Role select of the staff forms, with the chosen role's summary under it. */
export function RoleField({
  role,
  registration,
}: {
  role: StaffRole | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <LabelledField label="Role" hint={role ? ROLE_SUMMARIES[role] : undefined}>
      {(control) => (
        <select {...control} className={textControlClass(null)} {...registration}>
          <RoleOptions />
        </select>
      )}
    </LabelledField>
  );
}
