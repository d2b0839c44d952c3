import { Readable } from 'node:stream';
import {
  AdminUserFilterSchema,
  AdminUserListPageSchema,
  AdminUserListQuerySchema,
} from '@candor/contracts/admin-user-list';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { auditedExport } from '../audit/audited-export.ts';
import { customersCsv, listCustomers } from './user-list.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** The Users tab of /all-user: customers searched, filtered, sorted and paged on the server; CSV export. */
export const userListRoutes: RoutesPlugin<'db' | 'clock'> = async (app, { db, clock }) => {
  app.get(
    '/api/admin/users',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['admin users'],
        summary: 'Customers (10 a page): search by any part of the e-mail, username or name, filter, sort',
        description:
          '`search` matches the start of the e-mail, the username or the full name, case-insensitive. ' +
          'Staff accounts are not listed.',
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserListPageSchema, ...errors },
      },
    },
    async (request) => listCustomers(db, request.query),
  );

  app.get(
    '/api/admin/users/export.csv',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['admin users'],
        summary: "Every customer matching the Users tab's filter, as CSV (streamed)",
        description:
          'Each export is recorded in the audit log (users.export: who, when, the filter and how many rows ' +
          'were sent), once the download has ended.',
        querystring: AdminUserFilterSchema,
        // 200: text/csv, streamed (so not described by a schema); 400, 401 or 403 as JSON errors.
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const day = clock().toISOString().slice(0, 10);
      const lines = auditedExport(
        db,
        {
          actor,
          action: 'users.export',
          targetType: 'customer_list',
          filter: request.query,
          log: request.log,
        },
        (tally) => customersCsv(db, request.query, tally),
      );
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="customers-${day}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines));
    },
  );
};
