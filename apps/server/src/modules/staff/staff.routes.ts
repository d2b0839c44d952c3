import { ErrorResponseSchema } from '@candor/contracts/errors';
import {
  ChangeStaffRoleRequestSchema,
  CreateStaffMemberRequestSchema,
  GrantStaffRoleRequestSchema,
  StaffListSchema,
  StaffMemberSchema,
} from '@candor/contracts/staff-members';
import { z } from 'zod';
import { authHeaders } from '../../lib/auth-calls.ts';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { changeStaffRole, createStaffMember, grantStaffRole, listStaff } from './staff.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** The answer of a role change: the member as now listed, or null once they are no longer staff. */
const RoleChangeAnswerSchema = z.object({ member: StaffMemberSchema.nullable() });

/** The owner's Staff tab: members, their roles, new members. Every assignment is audited. */
export const staffRoutes: RoutesPlugin<'db' | 'auth' | 'transactions' | 'clock'> = async (
  app,
  { db, auth, transactions, clock },
) => {
  app.get(
    '/api/admin/staff',
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary: 'Staff members (name, e-mail, role, since when), owners first',
        response: { 200: StaffListSchema, ...errors },
      },
    },
    async () => listStaff(db),
  );

  app.put(
    '/api/admin/staff/:id/role',
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary: "Changes a member's role ('client' removes them from the staff)",
        description: "Refused with 409 CONFLICT for the owner's own role and for demoting the last owner.",
        params: z.object({ id: z.string().min(1).max(200) }),
        body: ChangeStaffRoleRequestSchema,
        response: { 200: RoleChangeAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const member = await transactions.run(({ tx, now }) =>
        changeStaffRole({ tx, actor, now, userId: request.params.id, role: request.body.role }),
      );
      return { member };
    },
  );

  app.post(
    '/api/admin/staff/grants',
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary: 'Gives a staff role to an account that already exists, found by its e-mail',
        body: GrantStaffRoleRequestSchema,
        response: { 200: RoleChangeAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const member = await transactions.run(({ tx, now }) =>
        grantStaffRole({ tx, actor, now, email: request.body.email, role: request.body.role }),
      );
      return { member };
    },
  );

  app.post(
    '/api/admin/staff',
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary: 'Creates a verified staff account with its initial password and role',
        body: CreateStaffMemberRequestSchema,
        response: { 201: StaffMemberSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const member = await createStaffMember({
        db,
        auth,
        actor,
        now: clock(),
        input: request.body,
        headers: authHeaders(request, { withCookies: false }),
      });
      return reply.status(201).send(member);
    },
  );
};
