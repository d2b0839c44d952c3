import type { UserRole } from '@candor/contracts/auth';
import { STAFF_ROLE_LABELS } from '@candor/contracts/staff';
import { STAFF_MESSAGES, type StaffMember } from '@candor/contracts/staff-members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { type Column, DataTable } from '../../components/ui/data-table.tsx';
import { ConfirmButtons, Dialog } from '../../components/ui/dialog.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useMe } from '../../lib/session.ts';
import { AddStaffDialog } from './add-staff-dialog.tsx';
import { GrantRoleDialog } from './grant-role-dialog.tsx';
import { ROLE_SUMMARIES, RoleOptions } from './role-options.tsx';
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
  // The role chosen in the select, waiting for its confirmation: a change of who may do what (or a
  // member taken off the staff) is asked once more before it is sent.
  const [asked, setAsked] = useState<UserRole | null>(null);
  const change = useMutation({
    mutationFn: (role: UserRole) => changeStaffRole(member.id, role),
    onSuccess: async () => {
      setAsked(null);
      notify.success(STAFF_MESSAGES.roleChanged);
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin });
    },
    onError: (error) => {
      setAsked(null);
      notify.error(error.message);
    },
  });
  return (
    <tr>
      <td className="max-w-0 px-4 py-3 md:max-w-none">
        <p className="truncate font-medium text-slate-900">
          {member.name}
          {isMe ? <span className="ml-2 text-xs font-normal text-slate-500">(you)</span> : null}
        </p>
        <p className="truncate text-xs text-slate-500 md:hidden">{member.email}</p>
        {member.twoFactorEnabled ? null : (
          <p className="mt-0.5 text-xs text-amber-700">{STAFF_MESSAGES.twoFactorOff}</p>
        )}
      </td>
      <td className="hidden px-4 py-3 text-slate-700 md:table-cell">{member.email}</td>
      <td className="px-4 py-3">
        <select
          aria-label={`Role of ${member.name}`}
          value={member.role}
          disabled={isMe || change.isPending}
          title={isMe ? STAFF_MESSAGES.ownRole : undefined}
          onChange={(event) => setAsked(event.target.value as UserRole)}
          className="min-h-11 w-32 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-sm disabled:bg-slate-50 disabled:text-slate-500 sm:min-h-0 sm:w-44"
        >
          <RoleOptions withRemove />
        </select>
        {asked ? (
          <RoleChangeDialog
            member={member}
            role={asked}
            busy={change.isPending}
            onCancel={() => setAsked(null)}
            onConfirm={() => change.mutate(asked)}
          />
        ) : null}
      </td>
      <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-600 sm:table-cell">
        {formatDateTime(member.since)}
      </td>
    </tr>
  );
}

/** Asks before a member's role changes, or before they are taken off the staff. */
function RoleChangeDialog({
  member,
  role,
  busy,
  onCancel,
  onConfirm,
}: {
  member: StaffMember;
  role: UserRole;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const becomes =
    role === 'client' ? null : { label: STAFF_ROLE_LABELS[role], summary: ROLE_SUMMARIES[role] };
  const removing = becomes === null;
  return (
    <Dialog title={removing ? 'Remove from staff' : 'Change role'} busy={busy} onCancel={onCancel}>
      <p className="mt-1 text-sm text-slate-600">
        {removing
          ? `${member.name} (${member.email}) leaves the staff: their account becomes a customer's, with no staff access.`
          : `${member.name} (${member.email}) becomes ${becomes.label}: ${becomes.summary}.`}
      </p>
      <ConfirmButtons
        className="mt-5"
        busy={busy}
        onCancel={onCancel}
        onConfirm={onConfirm}
        confirmLabel={removing ? 'Remove from staff' : `Make ${becomes.label}`}
        busyLabel="Saving..."
        variant={removing ? 'danger' : 'primary'}
      />
    </Dialog>
  );
}
