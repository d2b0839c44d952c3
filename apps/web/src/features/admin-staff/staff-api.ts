import type { UserRole } from '@candor/contracts/auth';
import {
  type CreateStaffMemberRequest,
  type GrantStaffRoleRequest,
  StaffListSchema,
  StaffMemberSchema,
} from '@candor/contracts/staff-members';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function staffQuery() {
  return queryOptions({
    queryKey: queryKeys.staff,
    queryFn: ({ signal }) => apiRequest('/api/admin/staff', StaffListSchema, { signal }),
  });
}

const RoleChangeAnswerSchema = z.object({ member: StaffMemberSchema.nullable() });

export function changeStaffRole(id: string, role: UserRole) {
  return apiRequest(`/api/admin/staff/${encodeURIComponent(id)}/role`, RoleChangeAnswerSchema, {
    method: 'PUT',
    body: { role },
  });
}

export function grantStaffRole(body: GrantStaffRoleRequest) {
  return apiRequest('/api/admin/staff/grants', RoleChangeAnswerSchema, { method: 'POST', body });
}

export function createStaffMember(body: CreateStaffMemberRequest) {
  return apiRequest('/api/admin/staff', StaffMemberSchema, { method: 'POST', body });
}
