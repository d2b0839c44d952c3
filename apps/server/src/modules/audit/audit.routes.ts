import { Readable } from 'node:stream';
import {
  AuditFilterSchema,
  AuditListQuerySchema,
  AuditPageSchema,
  AuditVerificationSchema,
} from '@candor/contracts/audit';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import type { Db } from '../../db/client.ts';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { AUDIT_CSV_HEADER, auditCsvLine } from './audit-csv.ts';
import { listAuditLog, readAuditLogInBatches, requireOrderedRange } from './audit-log.service.ts';
import { auditedExport, type ExportTally } from './audited-export.ts';
import { verifyAuditChain } from './verify-audit-chain.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

async function* auditCsv(
  db: Db,
  filter: Parameters<typeof readAuditLogInBatches>[1],
  tally: ExportTally,
): AsyncGenerator<string> {
  yield `${AUDIT_CSV_HEADER.join(',')}\r\n`;
  for await (const batch of readAuditLogInBatches(db, filter)) {
    tally.rows += batch.length;
    yield batch.map(auditCsvLine).join('');
  }
}

/** The audit log of staff actions: read, exported, and its hash chain verified. Nothing here changes a row. */
export const auditRoutes: RoutesPlugin<'db'> = async (app, { db }) => {
  // A full check reads every row (about 35 µs a row: half a minute at a million). Requests that
  // arrive while one runs share its answer instead of starting their own.
  let verifying: ReturnType<typeof verifyAuditChain> | undefined;
  const verifyOnce = () => {
    verifying ??= verifyAuditChain(db).finally(() => {
      verifying = undefined;
    });
    return verifying;
  };

  app.get(
    '/api/admin/audit',
    {
      config: { access: 'audit.read' },
      schema: {
        tags: ['audit'],
        summary: 'Staff actions, newest first, filtered by staff member, customer, kind and dates',
        description:
          "Keyset paging: pass the answer's `nextBefore` as `before` for the next (older) page. `actor` and " +
          '`subject` take a user id or an e-mail; `kind` an action or a prefix ending with a dot.',
        querystring: AuditListQuerySchema,
        response: { 200: AuditPageSchema, ...errors },
      },
    },
    async (request) => listAuditLog(db, request.query),
  );

  app.get(
    '/api/admin/audit/export.csv',
    {
      config: { access: 'audit.read' },
      schema: {
        tags: ['audit'],
        summary: 'The filtered audit log as CSV, newest first, streamed in batches',
        description:
          'Each export is itself recorded in the audit log (audit.export: who, when, the filter and how many ' +
          'rows were sent), once the download has ended.',
        querystring: AuditFilterSchema,
        // 200: text/csv, streamed (so not described by a schema).
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // Before the export starts (and is recorded): a reversed range is refused as the list refuses it.
      requireOrderedRange(request.query);
      const day = new Date().toISOString().slice(0, 10);
      const lines = auditedExport(
        db,
        { actor, action: 'audit.export', targetType: 'audit_log', filter: request.query, log: request.log },
        (tally) => auditCsv(db, request.query, tally),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  );

  app.get(
    '/api/admin/audit/verification',
    {
      config: { access: 'audit.read' },
      schema: {
        tags: ['audit'],
        summary: 'Recomputes the hash chain: how many rows verify, or the first row changed or removed',
        response: { 200: AuditVerificationSchema, ...errors },
      },
    },
    async () => verifyOnce(),
  );
};
