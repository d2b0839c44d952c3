import { isStaffRole, PERMISSIONS, type Permission, STAFF_ROLE_LABELS } from '@candor/contracts/staff';
import { listAlternatives } from '../../lib/list-words.ts';
import { useMe } from '../../lib/session.ts';
import { EmptyState } from './card.tsx';

/**
 * A back-office page the signed-in role may not use (the permission table of contracts/staff.ts):
 * says so plainly, with the roles that may, instead of asking the server (which would refuse with
 * 403). `doing` completes "Your role cannot …", as the Approvals tab says of a request.
 */
export function RoleNotAllowed({ permission, doing }: { permission: Permission; doing: string }) {
  const { role } = useMe();
  const label = isStaffRole(role) ? STAFF_ROLE_LABELS[role] : 'Customer';
  const holders = PERMISSIONS[permission].map((holder) => STAFF_ROLE_LABELS[holder]);
  return (
    <EmptyState title={`Your role (${label}) cannot ${doing}.`}>
      Only {listAlternatives(holders)} can: ask one of them.
    </EmptyState>
  );
}
