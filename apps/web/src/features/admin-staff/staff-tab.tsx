import type { UserRole } from '@candor/contracts/auth';
import { STAFF_MESSAGES, type StaffMember } from '@candor/contracts/staff-members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { type Column, DataTable } from '../../components/ui/data-table.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useMe } from '../../lib/session.ts';
import { AddStaffDialog } from './add-staff-dialog.tsx';
import { GrantRoleDialog } from './grant-role-dialog.tsx';
import { RoleOptions } from './role-options.tsx';
import { changeStaffRole, staffQuery } from './staff-api.ts';

const COLUMNS: readonly Column[] = [
  { label: 'Name' },
  { label: 'Email', className: 'hidden md:table-cell' },
  { label: 'Role', className: 'w-40 sm:w-52' },
  { label: 'Since', className: 'hidden text-right sm:table-cell' },
];

/** The owner's Staff tab: the members, their roles (changed in place) and new members. */
export function StaffTab() {
  const query = useQuery(staffQuery());
  const [dialog, setDialog] = useState<'add' | 'grant' | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-500">
          Who works on the platform and what their role lets them do. Every change is recorded in the audit
          log.
        </p>
        <div className="flex shrink-0 gap-2">
          <Button variant="secondary" onClick={() => setDialog('grant')}>
            Add existing account
          </Button>
          <Button onClick={() => setDialog('add')}>Add staff member</Button>
        </div>
      </div>
      {query.isPending ? (
        <LoadingState>Loading the staff...</LoadingState>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()}>The staff could not be loaded.</LoadError>
      ) : (
        <DataTable columns={COLUMNS}>
          {query.data.items.map((member) => (
            <StaffRow key={member.id} member={member} />
          ))}
        </DataTable>
      )}
      {dialog === 'add' ? <AddStaffDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'grant' ? <GrantRoleDialog onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

function StaffRow({ member }: { member: StaffMember }) {
  const me = useMe();
  const queryClient = useQueryClient();
  const isMe = member.id === me.id;
  const change = useMutation({
    mutationFn: (role: UserRole) => changeStaffRole(member.id, role),
    onSuccess: async () => {
      notify.success(STAFF_MESSAGES.roleChanged);
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin });
    },
    onError: (error) => notify.error(error.message),
  });
  return (
    <tr>
      <td className="max-w-0 px-4 py-3 md:max-w-none">
        <p className="truncate font-medium text-slate-900">
          {member.name}
          {isMe ? <span className="ml-2 text-xs font-normal text-slate-500">(you)</span> : null}
        </p>
        <p className="truncate text-xs text-slate-500 md:hidden">{member.email}</p>
      </td>
      <td className="hidden px-4 py-3 text-slate-700 md:table-cell">{member.email}</td>
      <td className="px-4 py-3">
        <select
          aria-label={`Role of ${member.name}`}
          value={member.role}
          disabled={isMe || change.isPending}
          title={isMe ? STAFF_MESSAGES.ownRole : undefined}
          onChange={(event) => change.mutate(event.target.value as UserRole)}
          className="w-32 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-sm disabled:bg-slate-50 disabled:text-slate-500 sm:w-44"
        >
          <RoleOptions withRemove />
        </select>
      </td>
      <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-600 sm:table-cell">
        {formatDateTime(member.since)}
      </td>
    </tr>
  );
}
